package br.com.lojaapi.coreapi.entrega;

/**
 * Answered with {@link PaginaDeTentativas}: the webhook's attempts, newest first; only those with that outcome
 * ({@code sucesso}) and of that kind ({@code evento}) when given.
 */
public record ListarTentativasQuery(String lojaId, String webhookId, int page, int limite, Boolean sucesso,
                                    String evento) {
}
