package br.com.lojaapi.coreapi.pedido;

import java.time.Instant;

/** The order became {@code CANCELADO}; carries the same payload as {@code pedido.status}. */
public record PedidoCanceladoEvent(String pedidoId,
                                   String lojaId,
                                   long numero,
                                   StatusPedido status,
                                   StatusPedido statusAnterior,
                                   String motivoCancelamento,
                                   String tempoEntrega,
                                   String codigoRastreio,
                                   String urlRastreio,
                                   Instant atualizadoEm) {
}
