package br.com.lojaapi.coreapi.webhook;

import java.time.Instant;
import java.util.List;

/**
 * A webhook was registered. {@code segredo} is the HMAC key deliveries are signed with: it has to be kept as is
 * (a hash could not sign), so it lives in the event store and never leaves the service after the creation response.
 */
public record WebhookCriadoEvent(String webhookId,
                                 String lojaId,
                                 String nome,
                                 String url,
                                 List<String> eventos,
                                 String segredo,
                                 Instant criadoEm) {

    public WebhookCriadoEvent {
        eventos = List.copyOf(eventos);
    }
}
