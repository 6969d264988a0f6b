package br.com.lojaapi.coreapi.pedido;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Asks an order, under its lock, whether it may be edited and which lines it holds, before its products price the
 * new lines and move the stock difference. Changes nothing; answers {@link PedidoEmEdicao}.
 */
public record PrepararEdicaoDoPedidoCommand(@TargetAggregateIdentifier String pedidoId, String lojaId) {
}
