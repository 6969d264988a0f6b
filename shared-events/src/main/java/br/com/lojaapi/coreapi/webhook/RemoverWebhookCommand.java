package br.com.lojaapi.coreapi.webhook;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

public record RemoverWebhookCommand(@TargetAggregateIdentifier String webhookId, String lojaId, Instant removidoEm) {
}
