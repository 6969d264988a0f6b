package br.com.lojaapi.coreapi.entrega;

/** Answered with {@code Optional<EntregaView>}: empty unless the delivery belongs to that webhook of that store. */
public record BuscarEntregaQuery(String lojaId, String webhookId, String entregaId) {
}
