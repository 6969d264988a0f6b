package br.com.lojaapi.coreapi.webhook;

import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

public record RemoverWebhookCommand(@TargetAggregateIdentifier String webhookId, String lojaId, Instant removidoEm,
                                    VersaoEsperada versaoEsperada) {

    /** Without an {@code If-Match} precondition. */
    public RemoverWebhookCommand(String webhookId, String lojaId, Instant removidoEm) {
        this(webhookId, lojaId, removidoEm, null);
    }
}
