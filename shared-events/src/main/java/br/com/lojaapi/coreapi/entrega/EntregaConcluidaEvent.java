package br.com.lojaapi.coreapi.entrega;

import java.time.Instant;

/**
 * The receiver accepted the delivery (a 2xx within the timeout). No longer written since decision 075: the successful
 * {@link TentativaRegistradaEvent} before it says the same. Stored ones are still read, to the same effect.
 */
public record EntregaConcluidaEvent(String entregaId, String lojaId, String webhookId, int serie, int tentativas,
                                    Instant concluidaEm) {
}
