package br.com.lojaapi.coreapi.pedido;

import java.util.List;

/** The lines of an order about to be edited, and whether it holds their stock. */
public record PedidoEmEdicao(boolean estoqueTomado, List<ItemDoPedido> itens) {

    public PedidoEmEdicao {
        itens = List.copyOf(itens);
    }
}
