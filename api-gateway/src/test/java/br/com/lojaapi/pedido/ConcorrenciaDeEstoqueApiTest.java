package br.com.lojaapi.pedido;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.EmParalelo;
import br.com.lojaapi.apoio.OutroNo;
import br.com.lojaapi.apoio.Resposta;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Stock is never oversold nor given back twice: orders and cancellations at the same moment, on one node and on two
 * nodes sharing the database.
 */
class ConcorrenciaDeEstoqueApiTest extends TesteDePedidos {

    @Autowired
    JdbcTemplate jdbc;

    private static final int PEDIDOS = 50;

    @Test
    void cinquentaPedidosParaVinteUnidadesNumNo() throws Exception {
        String produto = produtoComEstoque(loja, "Disputado", "10", "20");

        List<Resposta> respostas = EmParalelo.executar(PEDIDOS, i -> pedidoBalcao(loja, "[" + item(produto, "1") + "]"));

        conferir(loja, produto, respostas);
    }

    /**
     * Orders of one node waiting for one product take their turn without a pooled connection each: while another
     * transaction holds the product's lock, forty orders for it leave one connection waiting for that lock, the
     * pool serves everything else, and once the lock is free every order is taken. Before, each waiting order held a
     * connection (twenty, the whole pool), and the rest of the node's requests answered 503 after the pool's wait.
     */
    @Test
    void pedidosQueEsperamPeloMesmoProdutoNaoTomamAsConexoesDoPool() throws Exception {
        String produto = produtoComEstoque(loja, "Disputado", "10", "100");
        CompletableFuture<List<Resposta>> pedidos;
        try (Connection trava = jdbc.getDataSource().getConnection()) {
            trava.setAutoCommit(false);
            try (PreparedStatement lock = trava.prepareStatement(
                    "SELECT pg_advisory_xact_lock(hashtextextended(?, 0))")) {
                lock.setString(1, "produto-estoque:" + produto);
                lock.execute();
            }
            pedidos = CompletableFuture.supplyAsync(() -> {
                try {
                    return EmParalelo.executar(40, i -> pedidoBalcao(loja, "[" + item(produto, "1") + "]"));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            long ate = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (esperandoTravas(produto) == 0 && System.nanoTime() < ate) {
                Thread.sleep(20);
            }
            assertThat(esperandoTravas(produto)).as("um pedido espera pela trava do produto").isEqualTo(1);
            // Longer than the pool's wait (DATABASE_CONNECTION_TIMEOUT, 1 s): a request left waiting for a
            // connection would have been answered 503 by now.
            long fim = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(2500);
            while (System.nanoTime() < fim) {
                assertThat(esperandoTravas(produto)).as("conexões esperando pela trava do produto").isEqualTo(1);
                Resposta lido = api.get("/v1/produtos/" + produto).token(loja.token()).enviar();
                assertThat(lido.status()).as(lido.toString()).isEqualTo(200);
                Thread.sleep(100);
            }
            trava.rollback();
        }
        List<Resposta> respostas = pedidos.get(60, TimeUnit.SECONDS);
        assertThat(respostas).allSatisfy(r -> assertThat(r.status()).as(r.toString()).isEqualTo(201));
        assertThat(estoque(loja, produto)).isEqualByComparingTo("60");
    }

    /** Connections waiting for the product's stock lock (an advisory lock on a 64-bit key: classid, objid). */
    private long esperandoTravas(String produto) {
        return jdbc.queryForObject("""
                SELECT count(*) FROM pg_locks
                 WHERE locktype = 'advisory' AND NOT granted AND objsubid = 1
                   AND ((classid::bigint << 32) | objid::bigint) = hashtextextended(?, 0)""",
                Long.class, "produto-estoque:" + produto);
    }

    @Test
    void cinquentaPedidosParaVinteUnidadesEmDoisNos() throws Exception {
        String produto = produtoComEstoque(loja, "Disputado", "10", "20");
        String outro = produtoComEstoque(loja, "Acompanhamento", "1", "1000");
        try (OutroNo no = OutroNo.semLimites()) {
            ClienteHttp segundo = no.cliente();
            // two products per order, in both orders, so the per-product locks are taken across nodes
            List<Resposta> respostas = EmParalelo.executar(PEDIDOS, i -> {
                String itens = i % 2 == 0 ? "[" + item(produto, "1") + "," + item(outro, "1") + "]"
                        : "[" + item(outro, "1") + "," + item(produto, "1") + "]";
                String corpo = "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":" + itens + "}";
                return (i % 2 == 0 ? api : segundo).post("/v1/pedidos").token(loja.token()).json(corpo).enviar();
            });
            conferir(loja, produto, respostas);
            assertThat(estoque(loja, outro)).isEqualByComparingTo("980");
        }
    }

    /**
     * Cancellations and new orders of one product at the same moment, on two nodes: every order is cancelled twice,
     * once on each node, and gives its unit back exactly once; the new orders never take more than came back.
     */
    @Test
    void cancelamentosRepetidosEPedidosEmDoisNosDevolvemUmaVezENaoVendemAlem() throws Exception {
        String produto = produtoComEstoque(loja, "Disputado", "10", "5");
        List<String> cancelados = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            cancelados.add(pedidoBalcao(loja, "[" + item(produto, "1") + "]").texto("id"));
        }
        assertThat(estoque(loja, produto)).isEqualByComparingTo("0");
        try (OutroNo no = OutroNo.semLimites()) {
            ClienteHttp segundo = no.cliente();
            String pedido = "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":["
                    + item(produto, "1") + "]}";
            List<Resposta> respostas = EmParalelo.executar(20, i -> {
                ClienteHttp cliente = i % 2 == 0 ? api : segundo;
                if (i < 10) {
                    return cliente.metodo("PATCH", "/v1/pedidos/" + cancelados.get(i / 2)).token(loja.token())
                                  .json("{\"status\":\"CANCELADO\",\"motivoCancelamento\":\"desistiu\"}").enviar();
                }
                return cliente.post("/v1/pedidos").token(loja.token()).json(pedido).enviar();
            });

            assertThat(respostas.subList(0, 10)).allSatisfy(r -> {
                assertThat(r.status()).as(r.toString()).isEqualTo(200);
                assertThat(r.texto("status")).isEqualTo("CANCELADO");
            });
            List<Resposta> novos = respostas.subList(10, 20);
            long criados = novos.stream().filter(r -> r.status() == 201).count();
            assertThat(novos).filteredOn(r -> r.status() != 201).allSatisfy(r -> {
                assertThat(r.status()).as(r.toString()).isEqualTo(400);
                assertThat(r.texto("erro")).contains("estoque insuficiente");
            });
            assertThat(criados).isLessThanOrEqualTo(5);
            assertThat(estoque(loja, produto)).isEqualByComparingTo(String.valueOf(5 - criados));
            for (String id : cancelados) {
                assertThat(jdbc.queryForObject("""
                        SELECT count(*) FROM domain_event_entry
                         WHERE aggregate_identifier = ? AND payload_type LIKE '%EstoqueDevolvidoPorPedidoEvent'
                           AND convert_from(payload, 'UTF8')::jsonb ->> 'pedidoId' = ?""", Long.class, produto, id))
                        .as("devoluções do pedido " + id).isEqualTo(1);
            }
        }
    }

    private void conferir(LojaDeTeste loja, String produto, List<Resposta> respostas) {
        long criados = respostas.stream().filter(r -> r.status() == 201).count();
        List<Resposta> outras = respostas.stream().filter(r -> r.status() != 201).toList();
        assertThat(criados).isEqualTo(20);
        assertThat(outras).allSatisfy(r -> {
            assertThat(r.status()).as(r.toString()).isEqualTo(400);
            assertThat(r.texto("erro")).contains("estoque insuficiente");
        });
        assertThat(estoque(loja, produto)).isEqualByComparingTo("0");
        var lista = api.get("/v1/pedidos?limite=100").token(loja.token()).enviar().json();
        assertThat(lista.get("paginacao").get("total").asLong()).isEqualTo(20);
        assertThat(lista.get("pedidos").findValuesAsText("numero")).doesNotHaveDuplicates();
    }
}
