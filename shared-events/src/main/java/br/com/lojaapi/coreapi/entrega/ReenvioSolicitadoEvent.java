package br.com.lojaapi.coreapi.entrega;

import java.time.Instant;
import java.util.List;

/**
 * Series {@code serie} of the delivery begins; its first attempt is scheduled with it. {@code recuperacaoId}: the
 * recovery of the webhook that asked for it, null for a single redelivery (and in events stored before it existed).
 */
public record ReenvioSolicitadoEvent(String entregaId,
                                     String lojaId,
                                     String webhookId,
                                     int serie,
                                     List<Long> atrasosMs,
                                     Instant solicitadoEm,
                                     String recuperacaoId) {

    public ReenvioSolicitadoEvent {
        atrasosMs = List.copyOf(atrasosMs);
    }
}
