package br.com.lojaapi.coreapi.webhook;

import java.time.Instant;

/** No new delivery starts for it, and attempts still pending end as failed. */
public record WebhookRemovidoEvent(String webhookId, String lojaId, Instant removidoEm) {
}
