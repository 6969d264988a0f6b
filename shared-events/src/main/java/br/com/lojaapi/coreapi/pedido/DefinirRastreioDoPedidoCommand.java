package br.com.lojaapi.coreapi.pedido;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

/** A carrier label's tracking code offered to its order: taken only when the order has none. */
public record DefinirRastreioDoPedidoCommand(@TargetAggregateIdentifier String pedidoId,
                                             String lojaId,
                                             String codigoRastreio,
                                             String urlRastreio,
                                             Instant em) {
}
