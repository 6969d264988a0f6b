package br.com.lojaapi.gateway.erro;

import io.swagger.v3.oas.annotations.media.Schema;

/** The body of every error response. */
@Schema(name = "Erro", description = "Corpo de toda resposta de erro")
public record Erro(@Schema(description = "O que deu errado e como corrigir", example = "Informe o nome da categoria",
                           requiredMode = Schema.RequiredMode.REQUIRED)
                   String erro) {
}
