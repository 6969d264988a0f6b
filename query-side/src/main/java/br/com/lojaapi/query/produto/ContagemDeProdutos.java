package br.com.lojaapi.query.produto;

import br.com.lojaapi.coreapi.produto.ListarProdutosQuery;
import br.com.lojaapi.query.comum.ContagemMantida;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * A store's live products counted by category and availability ({@code produto_contagem}, V35, decision 093): what
 * a product page gives as its total without counting the store's whole catalog.
 */
@Component
class ContagemDeProdutos extends ContagemMantida {

    ContagemDeProdutos(JdbcTemplate jdbc) {
        super(jdbc, "produto_contagem", "loja_id", "categoria_id", "disponivel");
    }

    /**
     * The query of a page's total, for the page's {@code filtro} (whose parameters it uses): the kept count of its
     * category and availability, or a count of the matches when the page searches ({@code busca}).
     */
    static String total(ListarProdutosQuery consulta, String filtro) {
        if (consulta.busca() != null && !consulta.busca().isBlank()) {
            return "SELECT COUNT(*) FROM produto_view WHERE " + filtro;
        }
        return soma("produto_contagem", "loja_id = :loja"
                + (consulta.categoriaId() == null ? "" : " AND categoria_id = :categoria")
                + (consulta.apenasDisponiveis() ? " AND disponivel" : ""));
    }
}
