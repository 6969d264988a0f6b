package br.com.lojaapi.coreapi.entrega;

import java.time.Instant;

/**
 * One attempt and its outcome: a row of the delivery log. {@code proximaTentativaEm} is when the next attempt is
 * due, null when this one ended the series. A successful attempt ends its series and the delivery is delivered
 * (decision 075; before it an {@link EntregaConcluidaEvent} followed to say so).
 */
public record TentativaRegistradaEvent(String entregaId,
                                       String lojaId,
                                       String webhookId,
                                       int serie,
                                       int tentativa,
                                       boolean sucesso,
                                       Integer statusHttp,
                                       long duracaoMs,
                                       String resposta,
                                       String erro,
                                       Instant enviadoEm,
                                       Instant proximaTentativaEm) {
}
