package br.com.lojaapi.coreapi.entrega;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

/**
 * The outcome of one attempt, as the sender saw it. {@code definitiva}: retrying cannot help (the webhook was
 * removed), so the delivery ends now. A repeat for an attempt already recorded changes nothing.
 */
public record RegistrarTentativaCommand(@TargetAggregateIdentifier String entregaId,
                                        int serie,
                                        int tentativa,
                                        boolean sucesso,
                                        Integer statusHttp,
                                        long duracaoMs,
                                        String resposta,
                                        String erro,
                                        Instant enviadoEm,
                                        boolean definitiva) {
}
