package br.com.lojaapi.query.pedido;

import br.com.lojaapi.coreapi.pedido.ListarPedidosQuery;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * A store's live orders counted by status ({@code pedido_contagem}, V33, decision 092): what an order page gives
 * as its total without counting the store's whole history.
 * <p>
 * The table's rows are changes that the triggers of {@code pedido_view} add with every write, so a count is the
 * sum of a store's rows. Every few seconds each node folds the rows of every store and status that has a change not
 * yet folded (V34: {@code dobrada} false, the only rows of a partial index, so a fold reads what changed) into one
 * folded row: a single statement deletes them and inserts their sum, so a reader sees either the rows or their sum.
 * Two nodes folding at once stay exact: a row the other node deleted first is skipped (it is already in that node's
 * sum), and a row added by a write still running is neither seen nor deleted. Folding writes the model's table
 * outside its projection, but never changes a sum, so a rebuild's copy and the swap need nothing from it.
 */
@Component
class ContagemDePedidos {

    private static final Logger LOG = LoggerFactory.getLogger(ContagemDePedidos.class);

    /** How many stores and statuses one fold takes at most, so that one fold stays short after a backlog. */
    private static final int GRUPOS_POR_VEZ = 10_000;

    private static final String DOBRAR = """
            WITH grupos AS (SELECT DISTINCT loja_id, status FROM pedido_contagem WHERE NOT dobrada LIMIT %d),
                 apagadas AS (DELETE FROM pedido_contagem c USING grupos g
                               WHERE c.loja_id = g.loja_id AND c.status = g.status
                           RETURNING c.loja_id, c.status, c.quantidade)
            INSERT INTO pedido_contagem (loja_id, status, quantidade, dobrada)
            SELECT loja_id, status, SUM(quantidade), TRUE FROM apagadas GROUP BY loja_id, status
            HAVING SUM(quantidade) <> 0""".formatted(GRUPOS_POR_VEZ);

    private final JdbcTemplate jdbc;

    ContagemDePedidos(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The query of a page's total, for the page's {@code filtro} (whose parameters it uses): the kept count when no
     * date bounds the page, else a count of the orders in its dates (an index range the client chose).
     */
    static String total(ListarPedidosQuery consulta, String filtro) {
        if (consulta.desde() != null || consulta.ate() != null) {
            return "SELECT COUNT(*) FROM pedido_view WHERE " + filtro;
        }
        return "SELECT COALESCE(SUM(quantidade), 0) FROM pedido_contagem WHERE loja_id = :loja"
               + (consulta.status() == null ? "" : " AND status = :status");
    }

    /** Folds the changes of the stores and statuses that have any not yet folded; returns the sums written. */
    @Scheduled(fixedDelay = 5_000, initialDelay = 5_000)
    int dobrar() {
        int somas = jdbc.update(DOBRAR);
        LOG.debug("Contagem de pedidos: {} somas gravadas", somas);
        return somas;
    }
}
