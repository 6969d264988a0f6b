package br.com.lojaapi.coreapi.entrega;

import java.time.Instant;

/**
 * Answered with a {@code List<String>} of delivery ids, oldest first, at most {@code limite}: the deliveries of the
 * webhook whose series is over, failed, with its last attempt sent at or after {@code desde}. Test deliveries are
 * never among them.
 */
public record ListarEntregasParaRecuperarQuery(String lojaId, String webhookId, Instant desde, int limite) {
}
