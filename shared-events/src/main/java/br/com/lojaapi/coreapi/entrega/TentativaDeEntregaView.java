package br.com.lojaapi.coreapi.entrega;

import java.time.Instant;

/** A row of the delivery log: one attempt, with the payload of its delivery. */
public record TentativaDeEntregaView(String entregaId,
                                     String evento,
                                     int serie,
                                     int tentativa,
                                     boolean sucesso,
                                     Integer statusHttp,
                                     long duracaoMs,
                                     String payload,
                                     String resposta,
                                     String erro,
                                     Instant enviadoEm,
                                     Instant proximaTentativaEm) {
}
