package br.com.lojaapi.coreapi.entrega;

import java.time.Instant;
import java.util.List;

/**
 * A delivery began, and its first attempt is due with it: since decision 075 no {@link TentativaAgendadaEvent}
 * follows for attempt 1 (deliveries stored before carry one, which says the same). {@code teste}: a test
 * delivery asked for by the store, whose one attempt was already made and follows in the same commit; it is never
 * retried nor sent again. Absent (false) in events stored before it existed.
 */
public record EntregaIniciadaEvent(String entregaId,
                                   String lojaId,
                                   String webhookId,
                                   String evento,
                                   String corpo,
                                   List<Long> atrasosMs,
                                   Instant iniciadaEm,
                                   boolean teste) {

    public EntregaIniciadaEvent {
        atrasosMs = List.copyOf(atrasosMs);
    }
}
