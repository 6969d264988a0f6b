package br.com.lojaapi.gateway.webhook;

import io.swagger.v3.oas.annotations.media.Schema;

@Schema(name = "PedidoDeRecuperacao")
record PedidoDeRecuperacao(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "date-time",
                example = "2026-11-21T08:00:00-03:00",
                description = "Recupera as entregas cuja última tentativa falhou a partir deste instante (ISO-8601 "
                        + "com fuso); no máximo 30 dias atrás, e não no futuro")
        String desde) {
}
