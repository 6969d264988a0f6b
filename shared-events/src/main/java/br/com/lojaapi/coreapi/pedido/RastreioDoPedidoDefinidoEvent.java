package br.com.lojaapi.coreapi.pedido;

import java.time.Instant;

/** The order took the tracking code (and link) of its first carrier label; the status is untouched. */
public record RastreioDoPedidoDefinidoEvent(String pedidoId, String lojaId, String codigoRastreio,
                                            String urlRastreio, Instant em) {
}
