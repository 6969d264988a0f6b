package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.command.entrega.FilaDeWebhooks;
import br.com.lojaapi.coreapi.webhook.WebhookView;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.google.common.hash.Hashing;
import io.swagger.v3.oas.annotations.media.Schema;

import java.nio.charset.StandardCharsets;

/** One webhook as the list shows it, plus its endpoint's health (GET /webhooks/{id}, an extension). */
@Schema(name = "WebhookComSaude")
record WebhookComSaudeJson(@JsonUnwrapped WebhookJson webhook, SaudeJson saude) {

    static WebhookComSaudeJson de(WebhookView v, FilaDeWebhooks.Saude saude) {
        return new WebhookComSaudeJson(WebhookJson.de(v), SaudeJson.de(saude));
    }

    /** Names this body: its version, plus what changes without one (the last delivery, the health). */
    String etag() {
        long resumo = Hashing.sipHash24().hashString(webhook.ultimaEntrega() + "|" + saude, StandardCharsets.UTF_8)
                             .asLong();
        return webhook.versao() + "-" + String.format("%016x", resumo);
    }
}
