package br.com.lojaapi.pedido;

import br.com.lojaapi.apoio.Resposta;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A product with a long stream is loaded from its snapshot plus the events after it, and the result is the same
 * product: stock, variations and every rule keep working across the snapshot.
 */
@TestPropertySource(properties = "loja.snapshots.produto=5")
class SnapshotDeProdutoApiTest extends TesteDePedidos {

    @Autowired
    private JdbcTemplate jdbc;

    @Test
    void produtoCarregadoDoSnapshotContinuaCorreto() throws InterruptedException {
        String produto = produto(loja, "Camiseta", "50", "\"controlaEstoque\":true,\"estoqueMinimo\":1,\"variacoes\":["
                + "{\"nome\":\"P\",\"valor1\":\"P\",\"preco\":55,\"quantidadeEstoque\":30}]");
        String variacao = api.get("/v1/produtos/" + produto).token(loja.token()).enviar().json().get("variacoes").get(0)
                             .get("id").asText();
        for (int i = 0; i < 12; i++) {
            Resposta pedido = pedidoBalcao(loja, "[{\"produtoId\":\"" + produto + "\",\"variacaoId\":\"" + variacao
                    + "\",\"quantidade\":2}]");
            assertThat(pedido.status()).as(pedido.toString()).isEqualTo(201);
            assertThat(pedido.json().get("itens").get(0).get("precoUnit").decimalValue()).isEqualByComparingTo("55");
        }
        // snapshots are written on their own thread, after the write that triggered them
        long prazo = System.nanoTime() + 10_000_000_000L;
        Integer snapshots = 0;
        while (snapshots == 0 && System.nanoTime() < prazo) {
            snapshots = jdbc.queryForObject(
                    "SELECT COUNT(*) FROM snapshot_event_entry WHERE aggregate_identifier = ?", Integer.class, produto);
            Thread.sleep(50);
        }
        assertThat(snapshots).isPositive();

        Resposta semEstoque = pedidoBalcao(loja, "[{\"produtoId\":\"" + produto + "\",\"variacaoId\":\"" + variacao
                + "\",\"quantidade\":7}]");
        assertThat(semEstoque.status()).isEqualTo(400);
        assertThat(semEstoque.texto("erro")).contains("disponível 6.000");
        Resposta alterado = api.put("/v1/produtos/" + produto).token(loja.token()).json("{\"nome\":\"Camiseta lisa\"}")
                               .enviar();
        assertThat(alterado.status()).as(alterado.toString()).isEqualTo(200);
        assertThat(alterado.json().get("quantidadeEstoque").decimalValue()).isEqualByComparingTo("6");
        assertThat(alterado.json().get("variacoes").get(0).get("quantidadeEstoque").decimalValue())
                .isEqualByComparingTo("6");
    }
}
