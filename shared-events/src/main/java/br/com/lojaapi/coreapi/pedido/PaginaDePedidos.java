package br.com.lojaapi.coreapi.pedido;

import java.util.List;

public record PaginaDePedidos(List<PedidoView> pedidos, long total) {

    public PaginaDePedidos {
        pedidos = List.copyOf(pedidos);
    }
}
