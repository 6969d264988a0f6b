package br.com.lojaapi.query.comum;

import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.comum.VersaoProjetadaQuery;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.Optional;

/**
 * The one place that knows which table holds each read model, for writers waiting on their own writes. Tombstones
 * of removed resources count: their version is the removal's.
 */
@Component
class VersoesProjetadas {

    private final JdbcTemplate jdbc;

    VersoesProjetadas(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    static String tabela(ModeloLeitura modelo) {
        return switch (modelo) {
            case LOJA -> "loja_view";
            case CATEGORIA -> "categoria_view";
            case PRODUTO -> "produto_view";
            case GRUPO -> "grupo_complemento_view";
            case CLIENTE -> "cliente_view";
            case PEDIDO -> "pedido_view";
            case WEBHOOK -> "webhook_view";
            case NOTA_FISCAL -> "nota_fiscal_view";
            case ETIQUETA -> "etiqueta_view";
        };
    }

    /** A store's row is its own: its id is the store's. Any other row is found in its store only. */
    @QueryHandler
    Optional<Long> handle(VersaoProjetadaQuery consulta) {
        String sql = "SELECT versao FROM " + tabela(consulta.modelo()) + " WHERE id = ?";
        return (consulta.modelo() == ModeloLeitura.LOJA
                ? jdbc.queryForList(sql, Long.class, consulta.id())
                : jdbc.queryForList(sql + " AND loja_id = ?", Long.class, consulta.id(), consulta.lojaId()))
                .stream().findFirst();
    }
}
