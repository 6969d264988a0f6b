package br.com.lojaapi.coreapi.entrega;

import java.time.Instant;
import java.util.List;

/**
 * A recovery of the webhook began: each of {@code entregaIds} gets a new series with {@code atrasosMs} (asked for
 * off this transaction, by the send queue's recovery task). The recovery runs until each of them has finished a series, or at the latest until
 * {@code validaAte}; meanwhile the webhook takes no other.
 */
public record RecuperacaoDoWebhookIniciadaEvent(String recuperacaoId,
                                                String lojaId,
                                                String webhookId,
                                                Instant desde,
                                                List<String> entregaIds,
                                                List<Long> atrasosMs,
                                                Instant solicitadaEm,
                                                Instant validaAte) {

    public RecuperacaoDoWebhookIniciadaEvent {
        entregaIds = List.copyOf(entregaIds);
        atrasosMs = List.copyOf(atrasosMs);
    }
}
