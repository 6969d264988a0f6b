package br.com.lojaapi.coreapi.pedido;

import java.time.Instant;

/**
 * The store changed lines, quantities, prices, discount or freight of an order in the panel. {@code depois} is what
 * the order now holds; {@code antes} and {@code resumo} are kept for {@code pedido.editado}. Only an edit that
 * changes something is recorded.
 */
public record PedidoEditadoEvent(String pedidoId,
                                 String lojaId,
                                 long numero,
                                 StatusPedido status,
                                 ValoresDoPedido antes,
                                 ValoresDoPedido depois,
                                 String resumo,
                                 String editadoPor,
                                 Instant editadoEm) {
}
