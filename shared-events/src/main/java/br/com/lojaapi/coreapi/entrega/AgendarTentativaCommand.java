package br.com.lojaapi.coreapi.entrega;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** Sent when a retry's wait is over. A repeat, or one for a series or attempt that is not next, changes nothing. */
public record AgendarTentativaCommand(@TargetAggregateIdentifier String entregaId, int serie, int tentativa) {
}
