package br.com.lojaapi.coreapi.produto;

/**
 * Why an order moved a product's stock. Stored in events by name: never rename a value. Events recorded before
 * this existed carry none (null): they came from an order's creation, confirmation or cancellation.
 */
public enum MotivoDoMovimento {
    PEDIDO_CRIADO,
    PEDIDO_CONFIRMADO,
    PEDIDO_CANCELADO,
    PEDIDO_EDITADO
}
