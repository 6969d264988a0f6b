package br.com.lojaapi.coreapi.pedido;

/** What a status change does to the stock of the order's lines. */
public enum MovimentoDoPedido {
    NENHUM,
    TOMAR,
    DEVOLVER
}
