package br.com.lojaapi.query.notafiscal;

import br.com.lojaapi.coreapi.notafiscal.BuscarNotaFiscalQuery;
import br.com.lojaapi.coreapi.notafiscal.ListarNotasFiscaisQuery;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalView;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Optional;

/** Reads of the invoice read model; another store's or another order's invoice is simply not found. */
@Component
class NotaFiscalConsultas {

    private final JdbcTemplate jdbc;

    NotaFiscalConsultas(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @QueryHandler
    List<NotaFiscalView> handle(ListarNotasFiscaisQuery consulta) {
        return jdbc.query("""
                SELECT nota, versao FROM nota_fiscal_view
                 WHERE pedido_id = ? AND loja_id = ? AND removida_em IS NULL ORDER BY criado_em, id""",
                (rs, i) -> new NotaFiscalView(DocumentoDaNota.ler(rs.getString(1)), rs.getLong(2)),
                consulta.pedidoId(), consulta.lojaId());
    }

    @QueryHandler
    Optional<NotaFiscalView> handle(BuscarNotaFiscalQuery consulta) {
        return jdbc.query("""
                SELECT nota, versao FROM nota_fiscal_view
                 WHERE id = ? AND pedido_id = ? AND loja_id = ? AND removida_em IS NULL""",
                (rs, i) -> new NotaFiscalView(DocumentoDaNota.ler(rs.getString(1)), rs.getLong(2)),
                consulta.notaId(), consulta.pedidoId(), consulta.lojaId()).stream().findFirst();
    }
}
