package br.com.lojaapi.query.etiqueta;

import br.com.lojaapi.coreapi.etiqueta.BuscarEtiquetaQuery;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaView;
import br.com.lojaapi.coreapi.etiqueta.ListarEtiquetasQuery;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Optional;

/** Reads of the carrier-label read model; another store's or another order's label is simply not found. */
@Component
class EtiquetaConsultas {

    private final JdbcTemplate jdbc;

    EtiquetaConsultas(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @QueryHandler
    List<EtiquetaView> handle(ListarEtiquetasQuery consulta) {
        return jdbc.query("""
                SELECT etiqueta, versao FROM etiqueta_view
                 WHERE pedido_id = ? AND loja_id = ? AND removida_em IS NULL ORDER BY criado_em, id""",
                (rs, i) -> new EtiquetaView(EtiquetaProjection.ler(rs.getString(1)), rs.getLong(2)),
                consulta.pedidoId(), consulta.lojaId());
    }

    @QueryHandler
    Optional<EtiquetaView> handle(BuscarEtiquetaQuery consulta) {
        return jdbc.query("""
                SELECT etiqueta, versao FROM etiqueta_view
                 WHERE id = ? AND pedido_id = ? AND loja_id = ? AND removida_em IS NULL""",
                (rs, i) -> new EtiquetaView(EtiquetaProjection.ler(rs.getString(1)), rs.getLong(2)),
                consulta.etiquetaId(), consulta.pedidoId(), consulta.lojaId()).stream().findFirst();
    }
}
