package br.com.lojaapi.coreapi.entrega;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.List;

/** An operator asks for the same payload again: a new series of attempts, refused while one is running. */
public record ReenviarEntregaCommand(@TargetAggregateIdentifier String entregaId,
                                     String lojaId,
                                     String webhookId,
                                     List<Long> atrasosMs,
                                     Instant solicitadoEm) {

    public ReenviarEntregaCommand {
        atrasosMs = List.copyOf(atrasosMs);
    }
}
