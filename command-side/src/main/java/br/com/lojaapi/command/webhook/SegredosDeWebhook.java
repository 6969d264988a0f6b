package br.com.lojaapi.command.webhook;

/**
 * Where a webhook's secret is sealed and destroyed, in the command's own transaction. The aggregate gets it as a
 * resource: the randomness and the key table stay out of it, so fixtures can check what it asks for.
 */
public interface SegredosDeWebhook {

    /**
     * Gives the webhook a new data key (kept wrapped by the current master key) and returns the secret sealed under
     * it, as the creation event carries it.
     */
    String selar(String webhookId, String lojaId, String segredo);

    /** Deletes the webhook's data key: whatever was sealed under it can never be opened again. */
    void destruir(String webhookId);
}
