package br.com.lojaapi.coreapi.pedido;

import java.time.Instant;

/**
 * Newest first; {@code status}, {@code desde} and {@code ate} are optional filters on status and creation time.
 * Answered with a {@link PaginaDePedidosLida}.
 */
public record ListarPedidosQuery(String lojaId, StatusPedido status, Instant desde, Instant ate, int pagina, int limite) {
}
