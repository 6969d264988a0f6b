package br.com.lojaapi.query.produto;

import br.com.lojaapi.query.TesteNoBanco;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Migration V35 (decision 093) counts the products (live ones, per store, category and availability) and customers
 * (per store) a database already holds, and its triggers then keep the counts of the schema their table is in, also
 * when the session's search path names another: the migrations run from the first to V34 in a schema of their own,
 * rows go in, V35 runs, and the counts are checked against the rows, before and after writes of every kind.
 */
class ContagemDeProdutosEClientesNaMigracaoTest extends TesteNoBanco {

    @Test
    void aMigracaoContaOsProdutosEClientesExistentesEOsGatilhosSeguemOsDoSeuEsquema() {
        emEsquemaProprio(esquema -> {
            migrarAte(esquema, "34");
            produtos(esquema, "p", "CASE WHEN i % 3 = 0 THEN 'loja-b' ELSE 'loja-a' END", 60);
            jdbc.update("UPDATE " + esquema + ".produto_view SET deletado_em = now() WHERE id IN ('p5', 'p10')");
            clientes(esquema, "c", "CASE WHEN i % 4 = 0 THEN 'loja-b' ELSE 'loja-a' END", 30);
            migrarAte(esquema, "35");
            assertThat(produtosContados(esquema)).as("a contagem de produtos da migração")
                    .isEqualTo(produtosVivos(esquema)).hasSize(6);
            assertThat(clientesContados(esquema)).as("a contagem de clientes da migração")
                    .isEqualTo(List.of("loja-a 23", "loja-b 7"));

            // written with this session's search path, which does not name the schema
            produtos(esquema, "n", "'loja-c'", 5);
            clientes(esquema, "d", "'loja-c'", 4);
            String produtoView = esquema + ".produto_view";
            jdbc.update("UPDATE " + produtoView + " SET disponivel = NOT disponivel WHERE id IN ('p1', 'n1')");
            jdbc.update("UPDATE " + produtoView + " SET categoria_id = 'cat-9' WHERE id IN ('p2', 'n2')");
            jdbc.update("UPDATE " + produtoView + " SET deletado_em = now() WHERE id IN ('p4', 'n3')");
            jdbc.update("UPDATE " + produtoView + " SET deletado_em = NULL WHERE id = 'p5'");
            jdbc.update("UPDATE " + produtoView + " SET loja_id = 'loja-c' WHERE id = 'p7'");
            jdbc.update("UPDATE " + produtoView + " SET quantidade_estoque = quantidade_estoque - 1, versao = 2");
            jdbc.update("UPDATE " + produtoView + " SET deletado_em = now() WHERE id = 'p10'");
            jdbc.update("DELETE FROM " + produtoView + " WHERE id IN ('p8', 'p9', 'p10')");
            jdbc.update("UPDATE " + esquema + ".cliente_view SET nome = 'Bia', versao = 2 WHERE id = 'c1'");
            jdbc.update("UPDATE " + esquema + ".cliente_view SET loja_id = 'loja-c' WHERE id = 'c2'");
            jdbc.update("DELETE FROM " + esquema + ".cliente_view WHERE id IN ('c3', 'd1')");
            assertThat(produtosContados(esquema)).as("a contagem de produtos depois das escritas")
                    .isEqualTo(produtosVivos(esquema));
            assertThat(clientesContados(esquema)).as("a contagem de clientes depois das escritas")
                    .isEqualTo(List.of("loja-a 21", "loja-b 7", "loja-c 4"));
            assertThat(jdbc.queryForObject("SELECT (SELECT count(*) FROM produto_contagem WHERE loja_id LIKE 'loja-_')"
                                           + " + (SELECT count(*) FROM cliente_contagem WHERE loja_id LIKE 'loja-_')",
                                           Long.class))
                    .as("linhas escritas nas contagens do esquema da sessão").isZero();

            jdbc.execute("TRUNCATE " + produtoView + ", " + esquema + ".cliente_view");
            assertThat(produtosContados(esquema)).as("produtos depois do TRUNCATE").isEmpty();
            assertThat(clientesContados(esquema)).as("clientes depois do TRUNCATE").isEmpty();
        });
    }

    /** {@code n} products {@code <prefixo>1..n} of {@code loja} (an expression of i), in two categories. */
    private void produtos(String esquema, String prefixo, String loja, int n) {
        jdbc.update("""
                INSERT INTO %s.produto_view (id, loja_id, nome, preco, imagens, disponivel, destaque, ordem,
                                             controla_estoque, quantidade_estoque, estoque_minimo, multiplo_venda,
                                             categoria_id, grupos_complemento, criado_em, atualizado_em, versao,
                                             global_index)
                SELECT '%s' || i, %s, 'Produto ' || i, 10, '[]', i %% 4 <> 0, FALSE, 0, TRUE, 5, 0, 1,
                       CASE WHEN i %% 2 = 0 THEN 'cat-1' ELSE 'cat-2' END, '[]', now(), now(), 1, i
                  FROM generate_series(1, %d) i""".formatted(esquema, prefixo, loja, n));
    }

    /** {@code n} customers {@code <prefixo>1..n} of {@code loja} (an expression of i). */
    private void clientes(String esquema, String prefixo, String loja, int n) {
        jdbc.update("""
                INSERT INTO %s.cliente_view (id, loja_id, nome, documento, tipo_documento, criado_em, atualizado_em,
                                             versao, global_index)
                SELECT '%s' || i, %s, 'Cliente ' || i, lpad(i::text, 11, '0'), 'CPF', now(), now(), 1, i
                  FROM generate_series(1, %d) i""".formatted(esquema, prefixo, loja, n));
    }

    /** The kept product count, per store, category and availability, its zero sums left out. */
    private List<String> produtosContados(String esquema) {
        return jdbc.queryForList("SELECT loja_id || ' ' || categoria_id || ' ' || disponivel || ' ' || SUM(quantidade)"
                                 + " FROM " + esquema + ".produto_contagem GROUP BY loja_id, categoria_id, disponivel"
                                 + " HAVING SUM(quantidade) <> 0 ORDER BY 1", String.class);
    }

    /** The same counted from the live rows. */
    private List<String> produtosVivos(String esquema) {
        return jdbc.queryForList("SELECT loja_id || ' ' || categoria_id || ' ' || disponivel || ' ' || COUNT(*)"
                                 + " FROM " + esquema + ".produto_view WHERE deletado_em IS NULL"
                                 + " GROUP BY loja_id, categoria_id, disponivel ORDER BY 1", String.class);
    }

    /** The kept customer count per store, its zero sums left out. */
    private List<String> clientesContados(String esquema) {
        return jdbc.queryForList("SELECT loja_id || ' ' || SUM(quantidade) FROM " + esquema + ".cliente_contagem"
                                 + " GROUP BY loja_id HAVING SUM(quantidade) <> 0 ORDER BY 1", String.class);
    }
}
