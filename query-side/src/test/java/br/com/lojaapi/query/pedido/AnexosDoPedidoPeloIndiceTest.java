package br.com.lojaapi.query.pedido;

import br.com.lojaapi.coreapi.pedido.BuscarPedidoQuery;
import br.com.lojaapi.coreapi.pedido.CarimboDePedidosQuery;
import br.com.lojaapi.coreapi.pedido.ListarPedidosQuery;
import br.com.lojaapi.coreapi.pedido.PaginaDePedidosLida;
import br.com.lojaapi.coreapi.pedido.PedidoView;
import br.com.lojaapi.query.TesteNoBanco;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An order page, its tag and an order read each order's invoices and labels through an index, tombstones included,
 * however many a store has. The page and the tags read removed ones too (a removal must change the tag), which
 * indexes of the live rows alone cannot serve: with 200,000 invoices and as many labels, a page of 50 scanned both
 * tables 50 times each and took over a second. Counted with {@code pg_stat_xact_user_tables}, which reports this
 * transaction's own scans at once; everything here is rolled back, statistics included.
 */
class AnexosDoPedidoPeloIndiceTest extends TesteNoBanco {

    private static final List<String> ANEXOS = List.of("nota_fiscal_view", "etiqueta_view");

    @Autowired
    PedidoConsultas consultas;

    @Test
    void paginaCarimboEPedidoLeemNotasEEtiquetasPeloIndice() {
        String loja = id();
        String ids = id().substring(0, 8); // the rows' ids, within the columns' 36 characters
        ListarPedidosQuery pagina = new ListarPedidosQuery(loja, null, null, null, 1, 50);
        new TransactionTemplate(transacoes).executeWithoutResult(status -> {
            status.setRollbackOnly();
            jdbc.update("""
                    INSERT INTO pedido_view (id, loja_id, numero, status, tipo_entrega, subtotal, desconto,
                                             taxa_entrega, ajuste_pagamento, total, pagamentos, cliente, itens,
                                             criado_em, atualizado_em, versao, global_index)
                    SELECT ? || '-' || i, ?, i, 'PENDENTE', 'BALCAO', 10, 0, 0, 0, 10, '[]', '{"nome": "Ana"}',
                           '[]', now() - i * interval '1 second', now(), 1, i
                      FROM generate_series(1, 60) i""", ids, loja);
            // One live invoice for each of the store's orders, and 100,000 of other orders, half of them removed
            // (so many that reading a page's 50 orders through the index is the plan by a wide margin).
            jdbc.update("""
                    INSERT INTO nota_fiscal_view (id, loja_id, pedido_id, numero, modelo, situacao, nota, criado_em,
                                                  removida_em, versao)
                    SELECT ? || '-n-' || i, ?, CASE WHEN i <= 60 THEN ? || '-' || i ELSE ? || '-o-' || i END,
                           i::text, '55', 'AUTORIZADA', '{}', now(),
                           CASE WHEN i > 60 AND i % 2 = 0 THEN now() END, 1
                      FROM generate_series(1, 100060) i""", ids, loja, ids, ids);
            jdbc.update("""
                    INSERT INTO etiqueta_view (id, loja_id, pedido_id, etiqueta, criado_em, removida_em, versao)
                    SELECT ? || '-e-' || i, ?, ? || '-o-' || i, '{}', now(), CASE WHEN i % 2 = 0 THEN now() END, 1
                      FROM generate_series(1, 100000) i""", ids, loja, ids);
            jdbc.execute("ANALYZE pedido_view, nota_fiscal_view, etiqueta_view");
            Map<String, long[]> antes = varreduras();

            PaginaDePedidosLida lida = consultas.handle(pagina);
            String carimbo = consultas.handle(new CarimboDePedidosQuery(pagina));
            PedidoView pedido = consultas.handle(new BuscarPedidoQuery(loja, ids + "-1")).orElseThrow();

            Map<String, long[]> depois = varreduras();
            assertThat(lida.pagina().pedidos()).hasSize(50)
                    .allSatisfy(p -> assertThat(p.notasFiscais()).singleElement()
                            .satisfies(n -> assertThat(n.id()).isEqualTo(ids + "-n-" + p.id().substring(ids.length() + 1))));
            assertThat(lida.pagina().total()).isEqualTo(60);
            assertThat(carimbo).isEqualTo(lida.etag());
            assertThat(pedido.notasFiscais()).singleElement().extracting(n -> n.id()).isEqualTo(ids + "-n-1");
            for (String tabela : ANEXOS) {
                assertThat(depois.get(tabela)[0] - antes.get(tabela)[0]).as("leituras sequenciais de " + tabela)
                        .isZero();
                assertThat(depois.get(tabela)[1] - antes.get(tabela)[1]).as("leituras por índice de " + tabela)
                        .isPositive();
            }
        });
    }

    /** This transaction's sequential and index scans of each attachment table so far. */
    private Map<String, long[]> varreduras() {
        Map<String, long[]> contagens = new HashMap<>();
        jdbc.query("SELECT relname, seq_scan, coalesce(idx_scan, 0) FROM pg_stat_xact_user_tables"
                   + " WHERE relname IN ('nota_fiscal_view', 'etiqueta_view')",
                rs -> {
                    contagens.put(rs.getString(1), new long[] {rs.getLong(2), rs.getLong(3)});
                });
        for (String tabela : ANEXOS) {
            contagens.putIfAbsent(tabela, new long[] {0, 0});
        }
        return contagens;
    }
}
