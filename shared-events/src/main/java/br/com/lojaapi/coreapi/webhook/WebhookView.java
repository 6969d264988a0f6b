package br.com.lojaapi.coreapi.webhook;

import java.time.Instant;
import java.util.List;

/** A webhook as GET /webhooks shows it: never the secret. {@code ultimaEntrega} is the last attempt sent. */
public record WebhookView(String id,
                          String lojaId,
                          String nome,
                          String url,
                          List<String> eventos,
                          boolean ativo,
                          Instant ultimaEntrega,
                          Instant criadoEm,
                          long versao) {
}
