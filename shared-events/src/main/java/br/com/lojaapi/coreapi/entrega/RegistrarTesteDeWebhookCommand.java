package br.com.lojaapi.coreapi.entrega;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

/**
 * Records a test delivery the store asked for, whose one attempt has just been made: its outcome as the sender saw
 * it. Nothing more is ever sent for it.
 */
public record RegistrarTesteDeWebhookCommand(@TargetAggregateIdentifier String entregaId,
                                             String lojaId,
                                             String webhookId,
                                             String evento,
                                             String corpo,
                                             boolean sucesso,
                                             Integer statusHttp,
                                             long duracaoMs,
                                             String resposta,
                                             String erro,
                                             Instant enviadoEm) {
}
