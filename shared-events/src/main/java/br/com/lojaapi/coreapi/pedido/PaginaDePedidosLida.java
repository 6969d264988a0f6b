package br.com.lojaapi.coreapi.pedido;

/**
 * A page of orders and its ETag (without quotes), both from the one statement that read the page: the tag
 * {@link CarimboDePedidosQuery} gives for the same rows.
 */
public record PaginaDePedidosLida(PaginaDePedidos pagina, String etag) {
}
