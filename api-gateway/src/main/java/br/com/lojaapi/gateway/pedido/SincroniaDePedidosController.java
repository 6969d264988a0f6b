package br.com.lojaapi.gateway.pedido;

import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.pedido.PaginaDePedidos;
import br.com.lojaapi.coreapi.pedido.PedidosPorIdQuery;
import br.com.lojaapi.gateway.sincronia.ItemSincronizado;
import br.com.lojaapi.gateway.sincronia.Sincronia;
import br.com.lojaapi.gateway.sincronia.SincroniaController;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;
import java.util.Set;

/**
 * Incremental sync of orders (extension); deleted orders are listed as removed. An order is listed again when its
 * own row changes (status, edit, tracking, deletion), not when an invoice or a label is attached to it.
 */
@RestController
@RequestMapping(path = "/v1/pedidos", produces = "application/json")
@Tag(name = "Pedidos")
class SincroniaDePedidosController extends SincroniaController<PedidoJson> {

    private final QueryGateway consultas;

    SincroniaDePedidosController(Sincronia sincronia, QueryGateway consultas) {
        super(sincronia, Pagina::new);
        this.consultas = consultas;
    }

    @Schema(name = "SincroniaDePedidos")
    record Pagina(List<ItemSincronizado<PedidoJson>> pedidos, String cursor, boolean temMais) {
    }

    @Override
    protected Sincronia.Modelo<PedidoJson> modelo(String lojaId) {
        return new Sincronia.Modelo<>(ModeloLeitura.PEDIDO, 'o', Set.of("page", "status", "desde", "ate"),
                ids -> consultas.query(new PedidosPorIdQuery(lojaId, ids), PaginaDePedidos.class).join()
                                .pedidos().stream().map(PedidoJson::de).toList(),
                PedidoJson::id, PedidoJson::versao);
    }
}
