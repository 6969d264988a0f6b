package br.com.lojaapi.coreapi.entrega;

/** A delivery and where it stands: {@code situacao} is PENDENTE (a series is running), ENTREGUE or FALHOU. */
public record EntregaView(String id, String webhookId, String evento, int serie, String situacao) {
}
