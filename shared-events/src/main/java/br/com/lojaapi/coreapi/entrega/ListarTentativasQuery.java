package br.com.lojaapi.coreapi.entrega;

/** Answered with {@link PaginaDeTentativas}: the webhook's attempts, newest first. */
public record ListarTentativasQuery(String lojaId, String webhookId, int page, int limite) {
}
