package br.com.lojaapi.query.comum;

import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.comum.VersaoProjetadaQuery;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.List;
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

    @QueryHandler
    Optional<Long> handle(VersaoProjetadaQuery consulta) {
        List<Long> versoes = switch (consulta.modelo()) {
            case LOJA -> jdbc.queryForList("SELECT versao FROM loja_view WHERE id = ?", Long.class, consulta.id());
            case CATEGORIA -> jdbc.queryForList("SELECT versao FROM categoria_view WHERE id = ? AND loja_id = ?",
                    Long.class, consulta.id(), consulta.lojaId());
            case PRODUTO -> jdbc.queryForList("SELECT versao FROM produto_view WHERE id = ? AND loja_id = ?",
                    Long.class, consulta.id(), consulta.lojaId());
            case GRUPO -> jdbc.queryForList("SELECT versao FROM grupo_complemento_view WHERE id = ? AND loja_id = ?",
                    Long.class, consulta.id(), consulta.lojaId());
            case CLIENTE -> jdbc.queryForList("SELECT versao FROM cliente_view WHERE id = ? AND loja_id = ?",
                    Long.class, consulta.id(), consulta.lojaId());
            case PEDIDO -> jdbc.queryForList("SELECT versao FROM pedido_view WHERE id = ? AND loja_id = ?",
                    Long.class, consulta.id(), consulta.lojaId());
            case WEBHOOK -> jdbc.queryForList("SELECT versao FROM webhook_view WHERE id = ? AND loja_id = ?",
                    Long.class, consulta.id(), consulta.lojaId());
            case NOTA_FISCAL -> jdbc.queryForList("SELECT versao FROM nota_fiscal_view WHERE id = ? AND loja_id = ?",
                    Long.class, consulta.id(), consulta.lojaId());
            case ETIQUETA -> jdbc.queryForList("SELECT versao FROM etiqueta_view WHERE id = ? AND loja_id = ?",
                    Long.class, consulta.id(), consulta.lojaId());
        };
        return versoes.stream().findFirst();
    }
}
