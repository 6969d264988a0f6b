package br.com.lojaapi.coreapi.entrega;

import java.time.Instant;
import java.util.List;

/** A delivery began; its first attempt is scheduled with it ({@link TentativaAgendadaEvent}). */
public record EntregaIniciadaEvent(String entregaId,
                                   String lojaId,
                                   String webhookId,
                                   String evento,
                                   String corpo,
                                   List<Long> atrasosMs,
                                   Instant iniciadaEm) {

    public EntregaIniciadaEvent {
        atrasosMs = List.copyOf(atrasosMs);
    }
}
