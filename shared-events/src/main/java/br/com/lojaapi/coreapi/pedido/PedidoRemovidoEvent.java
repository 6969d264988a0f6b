package br.com.lojaapi.coreapi.pedido;

import java.time.Instant;

/** A cancelled order deleted for good, with its lines and payments; its number is never given again. */
public record PedidoRemovidoEvent(String pedidoId, String lojaId, long numero, Instant removidoEm) {
}
