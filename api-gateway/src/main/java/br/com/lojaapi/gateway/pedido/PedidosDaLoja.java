package br.com.lojaapi.gateway.pedido;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.pedido.BuscarPedidoQuery;
import br.com.lojaapi.coreapi.pedido.PedidoView;
import br.com.lojaapi.gateway.web.Ids;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.stereotype.Component;

import java.util.Optional;

/** An order of the caller's store, for endpoints under /pedidos/{id}: any other id is the order's 404. */
@Component
public class PedidosDaLoja {

    public static final String NAO_ENCONTRADO = PedidoController.NAO_ENCONTRADO;

    private final QueryGateway consultas;

    PedidosDaLoja(QueryGateway consultas) {
        this.consultas = consultas;
    }

    /** The order as GET /pedidos/{id} shows it, when it exists in the store. */
    public Optional<PedidoJson> buscar(String lojaId, String pedidoId) {
        return consultas.query(new BuscarPedidoQuery(lojaId, pedidoId),
                ResponseTypes.optionalInstanceOf(PedidoView.class)).join().map(PedidoJson::de);
    }

    public PedidoView exigir(String lojaId, String pedidoId) {
        Ids.exigir(pedidoId, NAO_ENCONTRADO);
        return consultas.query(new BuscarPedidoQuery(lojaId, pedidoId),
                        ResponseTypes.optionalInstanceOf(PedidoView.class)).join()
                        .orElseThrow(() -> ErroDeNegocio.naoEncontrado(NAO_ENCONTRADO));
    }
}
