package br.com.lojaapi.coreapi.pedido;

/** The validator (HTTP ETag, without quotes) of the page {@code pagina} would return. Answered with a String. */
public record CarimboDePedidosQuery(ListarPedidosQuery pagina) {
}
