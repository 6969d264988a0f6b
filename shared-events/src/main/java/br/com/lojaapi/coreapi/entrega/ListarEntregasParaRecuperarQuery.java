package br.com.lojaapi.coreapi.entrega;

import java.time.Instant;

/**
 * Answered with a {@code List<String>} of delivery ids, oldest failure first, at most {@code limite}: the deliveries
 * of the webhook whose series is over, its last attempt failed and sent at or after {@code desde}. Test deliveries
 * are never among them.
 */
public record ListarEntregasParaRecuperarQuery(String lojaId, String webhookId, Instant desde, int limite) {
}
