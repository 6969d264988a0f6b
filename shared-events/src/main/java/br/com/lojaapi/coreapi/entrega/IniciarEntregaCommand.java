package br.com.lojaapi.coreapi.entrega;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.List;

/**
 * Starts delivering one event to one webhook. {@code entregaId} is derived from the event and the webhook, so the
 * same event handled twice starts one delivery; {@code corpo} is the exact body every attempt sends;
 * {@code atrasosMs} the waits between attempts (their count plus one is the number of attempts).
 */
public record IniciarEntregaCommand(@TargetAggregateIdentifier String entregaId,
                                    String lojaId,
                                    String webhookId,
                                    String evento,
                                    String corpo,
                                    List<Long> atrasosMs,
                                    Instant iniciadaEm) {

    public IniciarEntregaCommand {
        atrasosMs = List.copyOf(atrasosMs);
    }
}
