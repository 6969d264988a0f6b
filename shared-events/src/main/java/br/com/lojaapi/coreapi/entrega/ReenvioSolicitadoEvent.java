package br.com.lojaapi.coreapi.entrega;

import java.time.Instant;
import java.util.List;

/** Series {@code serie} of the delivery begins; its first attempt is scheduled with it. */
public record ReenvioSolicitadoEvent(String entregaId,
                                     String lojaId,
                                     String webhookId,
                                     int serie,
                                     List<Long> atrasosMs,
                                     Instant solicitadoEm) {

    public ReenvioSolicitadoEvent {
        atrasosMs = List.copyOf(atrasosMs);
    }
}
