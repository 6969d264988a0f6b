package br.com.lojaapi.cliente;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.EmParalelo;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ClienteConcorrenciaApiTest extends TesteDeApi {

    @Test
    void dezUpsertsSimultaneosDeUmDocumentoNovoCriamUmSoCliente() throws Exception {
        LojaDeTeste loja = novaLoja();
        String[] grafias = {"11.222.333/0001-81", "11222333000181", "11 222 333 0001 81"};

        List<Resposta> respostas = EmParalelo.executar(10, i -> new ClienteHttp(porta).post("/v1/clientes")
                .token(loja.token())
                .json("{\"nome\":\"Concorrido\",\"documento\":\"" + grafias[i % grafias.length] + "\"}").enviar());

        respostas.forEach(r -> assertThat(r.status()).as(r.toString()).isIn(200, 201));
        assertThat(respostas).filteredOn(r -> r.status() == 201).hasSize(1);
        assertThat(respostas).filteredOn(r -> r.status() == 200).hasSize(9);
        assertThat(respostas.stream().map(r -> r.texto("id")).distinct()).hasSize(1);
        assertThat(api.get("/v1/clientes").token(loja.token()).enviar().json().get("clientes")).hasSize(1);
    }
}
