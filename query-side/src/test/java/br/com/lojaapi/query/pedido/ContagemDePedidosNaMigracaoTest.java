package br.com.lojaapi.query.pedido;

import br.com.lojaapi.query.TesteNoBanco;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Migration V33 (decision 092) counts the orders a database already holds, live ones only, per store and status, and
 * its triggers then keep the count of the schema their table is in, also when the session's search path names
 * another (as a rebuild's copy is written, or a schema of its own as here): the migrations run from the first to
 * V32 in a schema of their own, orders go in, V33 runs, and the count is checked against the rows, before and after
 * writes of every kind.
 */
class ContagemDePedidosNaMigracaoTest extends TesteNoBanco {

    @Test
    void aMigracaoContaOsPedidosExistentesEOsGatilhosSeguemOsDoSeuEsquema() {
        emEsquemaProprio(esquema -> {
            migrarAte(esquema, "32");
            jdbc.update("""
                    INSERT INTO %s.pedido_view (id, loja_id, numero, status, tipo_entrega, subtotal, desconto,
                                                taxa_entrega, ajuste_pagamento, total, pagamentos, cliente, itens,
                                                criado_em, atualizado_em, removido_em, versao, global_index)
                    SELECT 'p' || i, CASE WHEN i %% 3 = 0 THEN 'loja-b' ELSE 'loja-a' END, i,
                           (ARRAY['PENDENTE', 'CONFIRMADO', 'ENTREGUE', 'CANCELADO'])[1 + i %% 4], 'BALCAO', 10, 0,
                           0, 0, 10, '[]', '{"nome": "Ana"}', '[]', now(), now(),
                           CASE WHEN i %% 5 = 0 THEN now() END, 1, i
                      FROM generate_series(1, 200) i""".formatted(esquema));
            migrarAte(esquema, "33");
            assertThat(contagem(esquema)).as("a contagem da migração").isEqualTo(contados(esquema)).hasSize(8);

            // written with this session's search path, which does not name the schema
            jdbc.update("""
                    INSERT INTO %1$s.pedido_view (id, loja_id, numero, status, tipo_entrega, subtotal, desconto,
                                                  taxa_entrega, ajuste_pagamento, total, pagamentos, cliente, itens,
                                                  criado_em, atualizado_em, versao, global_index)
                    SELECT 'n' || i, 'loja-c', i, 'PENDENTE', 'BALCAO', 10, 0, 0, 0, 10, '[]', '{}', '[]', now(),
                           now(), 1, i FROM generate_series(1, 7) i""".formatted(esquema));
            jdbc.update("UPDATE " + esquema + ".pedido_view SET status = 'PRONTO' WHERE id IN ('p1', 'p2', 'n1')");
            jdbc.update("UPDATE " + esquema + ".pedido_view SET removido_em = now() WHERE id IN ('p3', 'n2')");
            jdbc.update("UPDATE " + esquema + ".pedido_view SET removido_em = NULL WHERE id = 'p5'");
            jdbc.update("UPDATE " + esquema + ".pedido_view SET loja_id = 'loja-c' WHERE id = 'p4'");
            jdbc.update("UPDATE " + esquema + ".pedido_view SET versao = 2, itens = '[{}]'");
            jdbc.update("DELETE FROM " + esquema + ".pedido_view WHERE id IN ('p6', 'p7', 'p10')");
            assertThat(contagem(esquema)).as("a contagem depois das escritas").isEqualTo(contados(esquema));
            assertThat(jdbc.queryForObject("SELECT count(*) FROM pedido_contagem WHERE loja_id LIKE 'loja-_'",
                                           Long.class))
                    .as("linhas escritas na contagem do esquema da sessão").isZero();

            jdbc.execute("TRUNCATE " + esquema + ".pedido_view");
            assertThat(contagem(esquema)).as("depois do TRUNCATE").isEmpty();
        });
    }

    /** The kept count, per store and status, its zero sums left out. */
    private List<String> contagem(String esquema) {
        return jdbc.queryForList("SELECT loja_id || ' ' || status || ' ' || SUM(quantidade) FROM " + esquema
                                 + ".pedido_contagem GROUP BY loja_id, status HAVING SUM(quantidade) <> 0"
                                 + " ORDER BY 1", String.class);
    }

    /** The same counted from the live rows. */
    private List<String> contados(String esquema) {
        return jdbc.queryForList("SELECT loja_id || ' ' || status || ' ' || COUNT(*) FROM " + esquema
                                 + ".pedido_view WHERE removido_em IS NULL GROUP BY loja_id, status ORDER BY 1",
                                 String.class);
    }
}
