package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.coreapi.webhook.WebhookView;
import io.swagger.v3.oas.annotations.media.Schema;

import java.time.Instant;
import java.util.List;

@Schema(name = "Webhook")
record WebhookJson(String id,
                   String nome,
                   @Schema(format = "uri") String url,
                   List<String> eventos,
                   boolean ativo,
                   @Schema(nullable = true, description = "Quando a última tentativa de entrega foi enviada")
                   Instant ultimaEntrega,
                   Instant criadoEm,
                   @Schema(description = "Versão do agregado após a última alteração (extensão)") long versao) {

    static WebhookJson de(WebhookView v) {
        return new WebhookJson(v.id(), v.nome(), v.url(), v.eventos(), v.ativo(), v.ultimaEntrega(), v.criadoEm(),
                v.versao());
    }
}
