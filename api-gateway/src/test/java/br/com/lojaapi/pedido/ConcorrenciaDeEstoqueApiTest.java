package br.com.lojaapi.pedido;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.EmParalelo;
import br.com.lojaapi.apoio.OutroNo;
import br.com.lojaapi.apoio.Resposta;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.ArrayList;
import java.util.List;

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
        LojaDeTeste loja = novaLoja();
        String produto = produtoComEstoque(loja, "Disputado", "10", "20");

        List<Resposta> respostas = EmParalelo.executar(PEDIDOS, i -> pedidoBalcao(loja, "[" + item(produto, "1") + "]"));

        conferir(loja, produto, respostas);
    }

    @Test
    void cinquentaPedidosParaVinteUnidadesEmDoisNos() throws Exception {
        LojaDeTeste loja = novaLoja();
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
        LojaDeTeste loja = novaLoja();
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
