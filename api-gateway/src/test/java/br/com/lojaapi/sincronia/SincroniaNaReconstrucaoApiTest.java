package br.com.lojaapi.sincronia;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A rebuild swaps the product tables and their tokens: a poller going on through it misses and repeats nothing. */
class SincroniaNaReconstrucaoApiTest extends TesteDeApi {

    @Test
    void cursorAtravessaAReconstrucaoDaProjecaoSemFaltaNemRepeticao() throws Exception {
        LojaDeTeste loja = novaLoja();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            Resposta criado = api.post("/v1/produtos").token(loja.token())
                                 .json("{\"nome\":\"Produto " + i + "\",\"preco\":1}").enviar();
            assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
            ids.add(criado.texto("id"));
        }
        Sincronizador leitor = new Sincronizador(api, loja.token(), "/v1/produtos", "produtos", 7);
        leitor.ate(l -> ids.stream().allMatch(id -> l.viu(id, 0)), Duration.ofSeconds(30));

        Resposta iniciado = api.post("/admin/projecoes/produto-view/replay").token(ADMIN).enviar();
        assertThat(iniciado.status()).as(iniciado.toString()).isEqualTo(202);
        Map<String, Long> finais = new HashMap<>();
        Instant limite = Instant.now().plus(Duration.ofSeconds(120));
        int rodada = 0;
        while (!concluida() || rodada < 3) {
            assertThat(Instant.now()).as("reconstrução não terminou").isBefore(limite);
            String id = ids.get(rodada % ids.size());
            Resposta alterado = api.put("/v1/produtos/" + id).token(loja.token())
                                   .json("{\"preco\":" + (rodada + 2) + "}").enviar();
            assertThat(alterado.status()).as(alterado.toString()).isIn(200, 202);
            finais.put(id, alterado.json().get("versao").asLong());
            leitor.lerTudo();
            rodada++;
        }
        leitor.ate(l -> finais.entrySet().stream().allMatch(e -> l.viu(e.getKey(), e.getValue())),
                Duration.ofSeconds(60));
        leitor.lerTudo();

        leitor.semRepeticaoEEmOrdem();
        Map<String, Long> ultimas = leitor.ultimas();
        assertThat(ultimas).hasSize(ids.size());
        ids.forEach(id -> assertThat(ultimas.get(id)).isEqualTo(finais.getOrDefault(id, 0L)));
    }

    private boolean concluida() {
        JsonNode projecoes = api.get("/admin/projecoes").token(ADMIN).enviar().json().get("projecoes");
        for (JsonNode p : projecoes) {
            if (p.get("nome").asText().equals("produto-view")) {
                String estado = p.get("reconstrucao").get("estado").asText();
                assertThat(estado).isNotEqualTo("falhou");
                return estado.equals("concluida");
            }
        }
        throw new AssertionError("sem produto-view em /admin/projecoes");
    }
}
