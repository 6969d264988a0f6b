package br.com.lojaapi.cliente;

import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.command.cliente.ClientesDaLoja;
import br.com.lojaapi.coreapi.cliente.DadosCliente;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/** What the order side reads of a customer named by id: the current data, and only within the customer's store. */
class ClientesDaLojaTest extends TesteDeApi {

    @Autowired
    ClientesDaLoja clientes;

    @Test
    void dadosAtuaisDoClienteSoNaPropriaLoja() {
        LojaDeTeste loja = novaLoja();
        LojaDeTeste outra = novaLoja();
        String id = api.post("/v1/clientes").token(loja.token())
                       .json("{\"nome\":\"Maria\",\"documento\":\"390.533.447-05\",\"cep\":\"01310-100\",\"uf\":\"sp\"}")
                       .enviar().texto("id");
        api.post("/v1/clientes").token(loja.token())
           .json("{\"documento\":\"39053344705\",\"email\":\"maria@exemplo.com.br\",\"uf\":null}").enviar();

        assertThat(clientes.dadosDe(loja.id(), id)).contains(new DadosCliente("Maria", "39053344705", "CPF",
                "maria@exemplo.com.br", null, null, "01310100", null, null, null, null, null));
        assertThat(clientes.dadosDe(outra.id(), id)).isEmpty();
        assertThat(clientes.dadosDe(loja.id(), "5b6c1d0e-0000-4000-8000-000000000000")).isEmpty();
    }
}
