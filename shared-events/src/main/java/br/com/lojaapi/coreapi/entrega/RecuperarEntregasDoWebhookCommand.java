package br.com.lojaapi.coreapi.entrega;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.List;

/**
 * The store asks for a new series of every delivery of its webhook whose last attempt failed since {@code desde}:
 * {@code entregaIds}, chosen by the caller, each with the retry delays {@code atrasosMs} (those of the node that took
 * the request, as for a single redelivery). At most one recovery per webhook runs until {@code validaAte}.
 * Answered with how many deliveries it takes.
 */
public record RecuperarEntregasDoWebhookCommand(@TargetAggregateIdentifier String recuperacaoId,
                                                String lojaId,
                                                String webhookId,
                                                Instant desde,
                                                List<String> entregaIds,
                                                List<Long> atrasosMs,
                                                Instant solicitadaEm,
                                                Instant validaAte) {

    public RecuperarEntregasDoWebhookCommand {
        entregaIds = List.copyOf(entregaIds);
        atrasosMs = List.copyOf(atrasosMs);
    }
}
