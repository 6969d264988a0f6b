package br.com.lojaapi.gateway.rotulo;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.loja.BuscarLojaQuery;
import br.com.lojaapi.coreapi.loja.LojaView;
import br.com.lojaapi.coreapi.pedido.BuscarPedidoQuery;
import br.com.lojaapi.coreapi.pedido.PedidoView;
import br.com.lojaapi.gateway.produto.UrlDaVitrine;
import br.com.lojaapi.gateway.web.Ids;
import br.com.lojaapi.query.rotulo.ConteudoDoRotulo;
import br.com.lojaapi.query.rotulo.ConteudoDoPedido;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.stereotype.Component;

import java.util.Optional;

/**
 * Reads the order and the store a label is drawn from, through the query gateway; what the label prints is decided
 * by {@link ConteudoDoPedido}.
 */
@Component
public class RotulosDaLoja {

    static final String PEDIDO_NAO_ENCONTRADO = "Pedido não encontrado";

    private final QueryGateway consultas;
    private final UrlDaVitrine vitrine;

    RotulosDaLoja(QueryGateway consultas, UrlDaVitrine vitrine) {
        this.consultas = consultas;
        this.vitrine = vitrine;
    }

    /** The label of one order, or the order's 404 when the id is not one of the store's orders. */
    public ConteudoDoRotulo doPedido(String lojaId, String pedidoId, boolean comItens) {
        PedidoView pedido = pedido(lojaId, pedidoId)
                .orElseThrow(() -> ErroDeNegocio.naoEncontrado(PEDIDO_NAO_ENCONTRADO));
        return conteudo(pedido, loja(lojaId), comItens);
    }

    /** The store's order; empty when the id cannot be an order id or names no order of this store. */
    public Optional<PedidoView> pedido(String lojaId, String pedidoId) {
        if (!Ids.valido(pedidoId)) {
            return Optional.empty();
        }
        return consultas.query(new BuscarPedidoQuery(lojaId, pedidoId),
                ResponseTypes.optionalInstanceOf(PedidoView.class)).join();
    }

    /** The store of the token: it always exists, since its token was just accepted. */
    public LojaView loja(String lojaId) {
        return consultas.query(new BuscarLojaQuery(lojaId), ResponseTypes.optionalInstanceOf(LojaView.class)).join()
                        .orElseThrow(() -> new IllegalStateException("loja sem registro: " + lojaId));
    }

    /** What the label of {@code pedido} prints, with {@code loja} as the sender. */
    public ConteudoDoRotulo conteudo(PedidoView pedido, LojaView loja, boolean comItens) {
        return ConteudoDoPedido.de(pedido, loja.dados(), vitrine.doPedido(loja.dados(), pedido.id()), comItens);
    }
}
