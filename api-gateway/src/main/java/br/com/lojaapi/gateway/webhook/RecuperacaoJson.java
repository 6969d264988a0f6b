package br.com.lojaapi.gateway.webhook;

import io.swagger.v3.oas.annotations.media.Schema;

import java.time.Instant;

@Schema(name = "RecuperacaoDeEntregas")
record RecuperacaoJson(@Schema(description = "Quantas entregas ganharam uma nova série; 0 quando nenhuma falhou")
                       int entregas,
                       @Schema(description = "false quando havia mais entregas falhas que o máximo de uma "
                               + "recuperação (10000): as mais antigas foram; peça outra quando esta terminar")
                       boolean todas,
                       @Schema(description = "O desde do pedido") Instant desde) {
}
