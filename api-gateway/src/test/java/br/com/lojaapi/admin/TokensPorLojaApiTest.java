package br.com.lojaapi.admin;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.EmParalelo;
import br.com.lojaapi.apoio.OutroNo;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A store holds at most MAX_TOKENS_PER_STORE (10 by default) live tokens: one more is 409 until one is revoked, also
 * when two nodes create tokens for the store at the same moment.
 */
class TokensPorLojaApiTest extends TesteDeApi {

    private static final int MAXIMO = 10;

    @Test
    void alemDoMaximoDa409ERevogarLiberaUmaVaga() {
        LojaDeTeste loja = novaLoja();
        // novaLoja made one ("erp"); a revoked token does not count.
        String revogado = criar(api, loja.id(), "antigo").texto("id");
        assertThat(revogar(loja.id(), revogado).status()).isEqualTo(200);
        for (int i = 2; i <= MAXIMO; i++) {
            Resposta criado = criar(api, loja.id(), "token-" + i);
            assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        }

        Resposta alem = criar(api, loja.id(), "um-a-mais");

        assertThat(alem.status()).as(alem.toString()).isEqualTo(409);
        assertThat(alem.texto("erro")).contains("10 tokens ativos").contains("MAX_TOKENS_PER_STORE")
                                      .contains("revogue");
        assertThat(alem.json().size()).as("só {erro}").isEqualTo(1);
        assertThat(vivos(loja.id())).isEqualTo(MAXIMO);

        String umDeles = criar(api, novaLoja().id(), "outra-loja").texto("id");
        assertThat(umDeles).as("o máximo é de cada loja").isNotNull();
        JsonNode primeiro = tokens(loja.id()).get(0);
        assertThat(revogar(loja.id(), primeiro.get("id").asText()).status()).isEqualTo(200);
        Resposta depois = criar(api, loja.id(), "substituto");
        assertThat(depois.status()).as(depois.toString()).isEqualTo(201);
        assertThat(api.get("/v1/categorias").token(depois.texto("token")).enviar().status()).isEqualTo(200);
        assertThat(criar(api, loja.id(), "de-novo-alem").status()).isEqualTo(409);
        assertThat(vivos(loja.id())).isEqualTo(MAXIMO);
    }

    /** Many creations at once on two nodes: exactly the places left are filled, the rest are refused. */
    @Test
    void criacoesAoMesmoTempoEmDoisNosNaoPassamDoMaximo() throws Exception {
        LojaDeTeste loja = novaLoja();
        int vezes = 24;
        List<Resposta> respostas;
        try (OutroNo no = OutroNo.semLimites()) {
            ClienteHttp segundo = no.cliente();
            respostas = EmParalelo.executar(vezes, i -> criar(i % 2 == 0 ? api : segundo, loja.id(), "t" + i));
        }

        assertThat(respostas).extracting(Resposta::status).containsOnly(201, 409);
        assertThat(respostas.stream().filter(r -> r.status() == 201)).hasSize(MAXIMO - 1);
        assertThat(respostas.stream().filter(r -> r.status() == 409)).hasSize(vezes - (MAXIMO - 1));
        assertThat(vivos(loja.id())).isEqualTo(MAXIMO);
    }

    private static Resposta criar(ClienteHttp cliente, String lojaId, String nome) {
        return cliente.post("/admin/lojas/" + lojaId + "/tokens").token(ADMIN).json("{\"nome\":\"" + nome + "\"}")
                      .enviar();
    }

    private Resposta revogar(String lojaId, String tokenId) {
        return api.delete("/admin/lojas/" + lojaId + "/tokens/" + tokenId).token(ADMIN).enviar();
    }

    private JsonNode tokens(String lojaId) {
        Resposta lista = api.get("/admin/lojas/" + lojaId + "/tokens").token(ADMIN).enviar();
        assertThat(lista.status()).as(lista.toString()).isEqualTo(200);
        return lista.json().get("tokens");
    }

    private long vivos(String lojaId) {
        long vivos = 0;
        for (JsonNode token : tokens(lojaId)) {
            if (token.get("revogadoEm") == null || token.get("revogadoEm").isNull()) {
                vivos++;
            }
        }
        return vivos;
    }
}
