package br.com.lojaapi.coreapi.pedido;

import java.util.List;

/** The store's orders with these ids, removed ones included, in no particular order; answered with a page. */
public record PedidosPorIdQuery(String lojaId, List<String> ids) {

    public PedidosPorIdQuery {
        ids = List.copyOf(ids);
    }
}
