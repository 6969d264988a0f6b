package br.com.lojaapi.coreapi.entrega;

/** Attempt {@code tentativa} (1-based) of series {@code serie} is due now: the send queue takes it in this transaction. */
public record TentativaAgendadaEvent(String entregaId, String lojaId, String webhookId, int serie, int tentativa) {
}
