package br.com.lojaapi.coreapi.entrega;

import java.time.Instant;

/** Every attempt of the series failed (or retrying could not help). The delivery is kept, and can be sent again. */
public record EntregaFalhouEvent(String entregaId, String lojaId, String webhookId, int serie, int tentativas,
                                 Instant falhouEm) {
}
