package br.com.lojaapi.coreapi.entrega;

import java.time.Instant;

/** The receiver accepted the delivery (a 2xx within the timeout). */
public record EntregaConcluidaEvent(String entregaId, String lojaId, String webhookId, int serie, int tentativas,
                                    Instant concluidaEm) {
}
