package br.com.lojaapi.gateway.webhook;

import io.swagger.v3.oas.annotations.media.Schema;

import java.time.Instant;
import java.util.List;

/** The creation response: the only one that carries the secret. */
@Schema(name = "WebhookCriado")
record WebhookCriadoJson(String id,
                         String nome,
                         @Schema(format = "uri") String url,
                         List<String> eventos,
                         boolean ativo,
                         @Schema(nullable = true) Instant ultimaEntrega,
                         Instant criadoEm,
                         long versao,
                         @Schema(description = "whsec_ seguido de 48 caracteres hexadecimais; mostrado só nesta resposta",
                                 example = "whsec_3f9a0c1b2d4e5f60718293a4b5c6d7e8f9012345a6b7c8d9")
                         String secret) {
}
