package br.com.lojaapi.coreapi.webhook;

/**
 * Answered with {@code Optional<WebhookView>}: empty when the id is not a webhook of the store.
 * {@code incluirRemovido} lets the delivery log of a removed webhook stay readable.
 */
public record BuscarWebhookQuery(String lojaId, String webhookId, boolean incluirRemovido) {
}
