package br.com.lojaapi.coreapi.webhook;

import java.time.Instant;
import java.util.List;

/**
 * A webhook was registered. {@code segredoCifrado} is the HMAC key deliveries are signed with, sealed (AES-GCM,
 * base64) under the webhook's own data key, which its removal deletes: from then on this copy can never be opened
 * (decision 069). Events written before that decision carried a {@code segredo} field in clear; the upgrade rewrote
 * them into this shape (and left a removed webhook's event with no secret at all, {@code segredoCifrado} null), and
 * such a field is ignored if ever met.
 */
public record WebhookCriadoEvent(String webhookId,
                                 String lojaId,
                                 String nome,
                                 String url,
                                 List<String> eventos,
                                 Instant criadoEm,
                                 String segredoCifrado) {

    public WebhookCriadoEvent {
        eventos = List.copyOf(eventos);
    }
}
