package br.com.lojaapi.query.cliente;

import br.com.lojaapi.query.comum.ContagemMantida;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * A store's customers counted ({@code cliente_contagem}, V35, decision 093): what a customer page gives as its total
 * without counting every customer the store ever had.
 */
@Component
class ContagemDeClientes extends ContagemMantida {

    ContagemDeClientes(JdbcTemplate jdbc) {
        super(jdbc, "cliente_contagem", "loja_id");
    }

    /**
     * The query of a page's total, for the page's {@code filtro} (whose parameters it uses): the kept count, or a
     * count of the matches when the page searches ({@code busca}).
     */
    static String total(String busca, String filtro) {
        if (busca != null && !busca.isBlank()) {
            return "SELECT COUNT(*) FROM cliente_view WHERE " + filtro;
        }
        return soma("cliente_contagem", "loja_id = :loja");
    }
}
