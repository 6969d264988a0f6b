package br.com.lojaapi.query.pedido;

import br.com.lojaapi.coreapi.pedido.ListarPedidosQuery;
import br.com.lojaapi.query.comum.ContagemMantida;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * A store's live orders counted by status ({@code pedido_contagem}, V33 and V34, decision 092): what an order page
 * gives as its total without counting the store's whole history.
 */
@Component
class ContagemDePedidos extends ContagemMantida {

    ContagemDePedidos(JdbcTemplate jdbc) {
        super(jdbc, "pedido_contagem", "loja_id", "status");
    }

    /**
     * The query of a page's total, for the page's {@code filtro} (whose parameters it uses): the kept count when no
     * date bounds the page, else a count of the orders in its dates (an index range the client chose).
     */
    static String total(ListarPedidosQuery consulta, String filtro) {
        if (consulta.desde() != null || consulta.ate() != null) {
            return "SELECT COUNT(*) FROM pedido_view WHERE " + filtro;
        }
        return soma("pedido_contagem", "loja_id = :loja" + (consulta.status() == null ? "" : " AND status = :status"));
    }
}
