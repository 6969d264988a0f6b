package br.com.lojaapi.limite;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteComConfiguracaoPadrao;
import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** A batch of products is one write of the quota, however many products it carries. */
class LoteNaCotaApiTest extends TesteComConfiguracaoPadrao {

    @Test
    void loteDe100ProdutosCustaUmaEscritaEA91aEscritaAindaRecebe429() {
        TesteDeApi.LojaDeTeste loja = TesteDeApi.novaLoja(api);

        Resposta lote = api.post("/v1/produtos/lote").token(loja.token()).json(lote(1, 100)).enviar();

        assertThat(lote.status()).as(lote.toString()).isEqualTo(200);
        assertThat(lote.json().get("resultados")).allSatisfy(r -> assertThat(r.get("status").asInt()).isEqualTo(201));
        assertThat(lote.cabecalho("X-RateLimit-Write-Remaining")).isEqualTo("89");
        // the header rounds up to whole seconds: a second less is surely still inside the window
        long janela = System.nanoTime() + (Long.parseLong(lote.cabecalho("X-RateLimit-Reset")) - 1) * 1_000_000_000L;
        for (int i = 2; i <= 90; i++) {
            Resposta escrita = api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"C" + i + "\"}")
                                  .enviar();
            assertThat(escrita.status()).as("escrita %d: %s", i, escrita).isEqualTo(201);
        }

        assertThat(janela - System.nanoTime()).as("as 90 escritas couberam na janela de um minuto da cota").isPositive();
        Resposta recusado = api.post("/v1/produtos/lote").token(loja.token()).json(lote(101, 1)).enviar();

        assertThat(recusado.status()).isEqualTo(429);
        assertThat(recusado.texto("erro")).contains("90 escritas");
        assertThat(api.get("/v1/produtos?limite=100&page=2").token(loja.token()).enviar().json().get("produtos"))
                .as("nada do lote recusado foi gravado").isEmpty();
        assertThat(api.get("/v1/produtos?limite=1").token(loja.token()).enviar().json().get("paginacao")
                      .get("total").asInt()).isEqualTo(100);
    }

    private static String lote(int primeiro, int quantos) {
        List<String> elementos = IntStream.range(primeiro, primeiro + quantos)
                .mapToObj(c -> "{\"codIntegracao\":" + c + ",\"nome\":\"P" + c + "\",\"preco\":1}").toList();
        return elementos.stream().collect(Collectors.joining(",", "{\"produtos\":[", "]}"));
    }
}
