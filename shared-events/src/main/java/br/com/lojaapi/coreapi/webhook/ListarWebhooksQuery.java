package br.com.lojaapi.coreapi.webhook;

/** Answered with {@code List<WebhookView>}: the store's webhooks that are not removed, oldest first. */
public record ListarWebhooksQuery(String lojaId) {
}
