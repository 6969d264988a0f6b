package br.com.lojaapi.cliente;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Another store's customer answers exactly like one that does not exist; documents are unique per store only. */
class ClienteIsolamentoEntreLojasApiTest extends TesteDeApi {

    private static final String CORPO = "{\"nome\":\"Cliente da Dona\",\"documento\":\"390.533.447-05\"}";

    @Test
    void clienteDeOutraLojaNaoEVistoNemLidoEOMesmoDocumentoDaDoisClientes() {
        LojaDeTeste dona = novaLoja();
        LojaDeTeste intrusa = novaLoja();
        String id = api.post("/v1/clientes").token(dona.token()).json(CORPO).enviar().texto("id");
        String inexistente = "5b6c1d0e-0000-4000-8000-000000000000";

        Resposta ler = api.get("/v1/clientes/" + id).token(intrusa.token()).enviar();

        assertThat(ler.status()).isEqualTo(404);
        assertThat(ler.corpo()).isEqualTo(api.get("/v1/clientes/" + inexistente).token(intrusa.token()).enviar().corpo());
        assertThat(api.get("/v1/clientes?busca=39053344705").token(intrusa.token()).enviar().json().get("clientes"))
                .isEmpty();
        assertThat(api.get("/v1/clientes").token(intrusa.token()).enviar().json().get("paginacao").get("total").asLong())
                .isZero();

        Resposta outro = api.post("/v1/clientes").token(intrusa.token())
                            .json("{\"nome\":\"Cliente da Intrusa\",\"documento\":\"39053344705\"}").enviar();

        assertThat(outro.status()).as(outro.toString()).isEqualTo(201);
        assertThat(outro.texto("id")).isNotEqualTo(id);
        Resposta original = api.get("/v1/clientes/" + id).token(dona.token()).enviar();
        assertThat(original.texto("nome")).isEqualTo("Cliente da Dona");
        assertThat(original.json().get("versao").asLong()).isZero();
        assertThat(api.get("/v1/clientes").token(dona.token()).enviar().json().get("clientes")).hasSize(1);
    }
}
