package br.com.lojaapi.query.pedido;

import br.com.lojaapi.coreapi.pedido.PaginaDePedidos;
import br.com.lojaapi.coreapi.pedido.PedidoView;
import br.com.lojaapi.coreapi.pedido.PedidosPorIdQuery;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.List;

/** The bodies of an incremental-sync page: orders by id, tombstones included, with their invoices and labels. */
@Component
class PedidosPorId {

    private final NamedParameterJdbcTemplate jdbc;
    private final PedidoConsultas consultas;

    PedidosPorId(NamedParameterJdbcTemplate jdbc, PedidoConsultas consultas) {
        this.jdbc = jdbc;
        this.consultas = consultas;
    }

    @QueryHandler
    PaginaDePedidos handle(PedidosPorIdQuery consulta) {
        if (consulta.ids().isEmpty()) {
            return new PaginaDePedidos(List.of(), 0);
        }
        List<PedidoView> pedidos = jdbc.query("SELECT * FROM pedido_view WHERE loja_id = :loja AND id IN (:ids)",
                new MapSqlParameterSource("loja", consulta.lojaId()).addValue("ids", consulta.ids()),
                (rs, i) -> PedidoConsultas.pedido(rs));
        return new PaginaDePedidos(consultas.comNotas(pedidos), pedidos.size());
    }
}
