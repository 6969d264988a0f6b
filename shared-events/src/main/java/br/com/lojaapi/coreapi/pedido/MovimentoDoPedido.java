package br.com.lojaapi.coreapi.pedido;

/**
 * What a status change did to the stock of the order's lines, recorded in {@link StatusDoPedidoAlteradoEvent} so
 * that stock is taken once and given back once. Stored in events by name: never rename a value.
 */
public enum MovimentoDoPedido {
    NENHUM,
    TOMAR,
    DEVOLVER
}
