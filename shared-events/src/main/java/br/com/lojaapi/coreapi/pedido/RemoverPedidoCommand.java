package br.com.lojaapi.coreapi.pedido;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

/** DELETE of a cancelled order; answers {@link PedidoExcluido}. */
public record RemoverPedidoCommand(@TargetAggregateIdentifier String pedidoId, String lojaId, Instant em) {
}
