package br.com.lojaapi.categoria;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.EmParalelo;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

class ConcorrenciaDeNomesApiTest extends TesteDeApi {

    @Test
    void vinteCriacoesSimultaneasDoMesmoNomeDaoExatamenteUm201() throws Exception {
        LojaDeTeste loja = novaLoja();
        String[] grafias = {"Hortifruti", "HORTIFRUTI", "hortifruti", "HortiFruti"};

        List<Resposta> respostas = EmParalelo.executar(20, i -> new ClienteHttp(porta).post("/v1/categorias")
                .token(loja.token()).json("{\"nome\":\"" + grafias[i % grafias.length] + "\"}").enviar());

        List<Integer> status = respostas.stream().map(Resposta::status).toList();
        respostas.stream().filter(r -> r.status() == 400)
                 .forEach(r -> assertThat(r.texto("erro")).startsWith("Já existe uma categoria chamada"));
        assertThat(status).filteredOn(s -> s == 201).hasSize(1);
        assertThat(status).filteredOn(s -> s == 400).hasSize(19);
        Resposta lista = api.get("/v1/categorias").token(loja.token()).enviar();
        assertThat(lista.json()).hasSize(1);
        assertThat(lista.json().get(0).get("nome").asText().toLowerCase(Locale.ROOT)).isEqualTo("hortifruti");
    }
}
