package br.com.lojaapi.gateway.webhook;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.swagger.v3.oas.annotations.media.Schema;

/** The creation response: the webhook as GET shows it, written in place, plus the only copy of its secret. */
@Schema(name = "WebhookCriado")
record WebhookCriadoJson(@JsonUnwrapped WebhookJson webhook,
                         @Schema(description = "whsec_ seguido de 48 caracteres hexadecimais; mostrado só nesta resposta",
                                 example = "whsec_3f9a0c1b2d4e5f60718293a4b5c6d7e8f9012345a6b7c8d9")
                         String secret) {
}
