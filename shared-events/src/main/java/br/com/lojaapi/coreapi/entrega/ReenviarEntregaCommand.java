package br.com.lojaapi.coreapi.entrega;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.List;

/**
 * The operator or the store asks for the same payload again: a new series of attempts, refused while one is running.
 * {@code recuperacaoId}, when the series belongs to a recovery of the webhook: a repeat of that recovery's request,
 * or one for a delivery already on its way, changes nothing rather than failing.
 */
public record ReenviarEntregaCommand(@TargetAggregateIdentifier String entregaId,
                                     String lojaId,
                                     String webhookId,
                                     List<Long> atrasosMs,
                                     Instant solicitadoEm,
                                     String recuperacaoId) {

    public ReenviarEntregaCommand {
        atrasosMs = List.copyOf(atrasosMs);
    }
}
