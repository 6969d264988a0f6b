package br.com.lojaapi.query.comum;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;

/**
 * A count kept beside a read model (decision 092), so that a page's total is the sum of a few rows rather than a
 * count of every row a store ever had. Its table has the grouping columns (the store first), {@code quantidade} and
 * {@code dobrada}; triggers of the model's table (named {@code modelo_*}, part of the model) add a row of changes with
 * every write, in the writer's transaction, so a count is the sum of its rows.
 * <p>
 * Every few seconds each node folds the rows of every group that has a change not yet folded ({@code dobrada}
 * false, the only rows of a partial index, so a fold reads what changed) into one folded row: a single statement
 * deletes them and inserts their sum, so a reader sees either the rows or their sum. Two nodes folding at once stay
 * exact: a row the other node deleted first is skipped (it is already in that node's sum), and a row added by a
 * write still running is neither seen nor deleted. Folding writes the model's table outside its projection, but
 * never changes a sum, so a rebuild's copy and the swap need nothing from it.
 */
public abstract class ContagemMantida {

    private static final Logger LOG = LoggerFactory.getLogger(ContagemMantida.class);

    /** How many groups one fold takes at most, so that one fold stays short after a backlog. */
    private static final int GRUPOS_POR_VEZ = 10_000;

    private final JdbcTemplate jdbc;
    private final String tabela;
    private final String dobra;

    /** A count in {@code tabela}, grouped by the columns {@code chave} (of the model's table, under the same names). */
    protected ContagemMantida(JdbcTemplate jdbc, String tabela, String... chave) {
        this.jdbc = jdbc;
        this.tabela = tabela;
        String colunas = String.join(", ", chave);
        StringBuilder mesmoGrupo = new StringBuilder();
        for (String coluna : chave) {
            mesmoGrupo.append(mesmoGrupo.isEmpty() ? "" : " AND ").append("c.").append(coluna).append(" = g.")
                      .append(coluna);
        }
        this.dobra = """
                WITH grupos AS (SELECT DISTINCT %2$s FROM %1$s WHERE NOT dobrada LIMIT %4$d),
                     apagadas AS (DELETE FROM %1$s c USING grupos g WHERE %3$s
                               RETURNING %5$s, c.quantidade)
                INSERT INTO %1$s (%2$s, quantidade, dobrada)
                SELECT %2$s, SUM(quantidade), TRUE FROM apagadas GROUP BY %2$s
                HAVING SUM(quantidade) <> 0""".formatted(tabela, colunas, mesmoGrupo, GRUPOS_POR_VEZ,
                "c." + String.join(", c.", chave));
    }

    /** The query of a total: the sum of {@code tabela}'s rows matching {@code condicoes} (named parameters). */
    protected static String soma(String tabela, String condicoes) {
        return "SELECT COALESCE(SUM(quantidade), 0) FROM " + tabela + " WHERE " + condicoes;
    }

    /** Folds the changes of the groups that have any not yet folded; returns the sums written. */
    @Scheduled(fixedDelay = 5_000, initialDelay = 5_000)
    public int dobrar() {
        int somas = jdbc.update(dobra);
        LOG.debug("Contagem em {}: {} somas gravadas", tabela, somas);
        return somas;
    }
}
