package br.com.lojaapi.operacao;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** GET /admin/projecoes: every streaming processor, where it stands against the head, for the operator only. */
class ProjecoesApiTest extends TesteDeApi {

    private JsonNode projecoes() {
        Resposta resposta = api.get("/admin/projecoes").token(ADMIN).enviar();
        assertThat(resposta.status()).as(resposta.toString()).isEqualTo(200);
        return resposta.json().get("projecoes");
    }

    @Test
    void listaCadaProcessadorComPosicaoCabecaEAtrasoQueChegaAZero() throws Exception {
        LojaDeTeste loja = novaLoja();
        for (int i = 0; i < 5; i++) {
            assertThat(api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"P" + i + "\"}").enviar()
                          .status()).isEqualTo(201);
        }
        List<String> nomes = new ArrayList<>();
        projecoes().forEach(p -> nomes.add(p.get("nome").asText()));
        assertThat(nomes).contains("categoria-view", "pedido-view", "nota-fiscal-view", "etiqueta-view",
                "webhook-view", "entrega-webhook-saga", "webhook-disparo").doesNotContain("categoria-lookup");
        assertThat(nomes).isSorted();

        Instant limite = Instant.now().plus(Duration.ofSeconds(20));
        JsonNode categoria = null;
        while (Instant.now().isBefore(limite)) {
            for (JsonNode p : projecoes()) {
                if (p.get("nome").asText().equals("categoria-view")) {
                    categoria = p;
                }
            }
            if (categoria != null && categoria.get("atraso").asLong() == 0) {
                break;
            }
            Thread.sleep(200);
        }
        assertThat(categoria).isNotNull();
        assertThat(categoria.get("estado").asText()).isEqualTo("running");
        assertThat(categoria.get("atraso").asLong()).isZero();
        assertThat(categoria.get("cabeca").asLong()).isPositive();
        assertThat(categoria.get("posicao").asLong()).isEqualTo(categoria.get("cabeca").asLong());
        assertThat(categoria.get("progressoReplay").isNull()).isTrue();
    }

    /** The event feed is listed like any processor, but a rebuild would renumber the cursors clients hold. */
    @Test
    void feedDeEventosApareceENaoPodeSerReconstruido() {
        List<String> nomes = new ArrayList<>();
        projecoes().forEach(p -> nomes.add(p.get("nome").asText()));
        assertThat(nomes).contains("feed-de-eventos");
        Resposta recusado = api.post("/admin/projecoes/feed-de-eventos/replay").token(ADMIN).enviar();
        assertThat(recusado.status()).as(recusado.toString()).isEqualTo(409);
    }

    @Test
    void soOOperadorVe() {
        LojaDeTeste loja = novaLoja();
        assertThat(api.get("/admin/projecoes").token(loja.token()).enviar().status()).isEqualTo(401);
        assertThat(api.get("/admin/projecoes").enviar().status()).isEqualTo(401);
    }
}
