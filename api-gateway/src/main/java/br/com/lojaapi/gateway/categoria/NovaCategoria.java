package br.com.lojaapi.gateway.categoria;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

@Schema(name = "NovaCategoria", description = "categoriaPaiId, se enviado, é ignorado")
record NovaCategoria(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "Bebidas", maxLength = 100)
        @NotBlank(message = "Informe o nome da categoria (texto não vazio)")
        @Size(max = 100, message = "nome: no máximo 100 caracteres")
        String nome,
        @Schema(nullable = true, maxLength = 2000)
        @Size(max = 2000, message = "descricao: no máximo 2000 caracteres")
        String descricao,
        @Schema(description = "Posição na lista, de -1000000 a 1000000; omitido, vai para o fim (maior ordem + 1)",
                example = "1")
        @Min(value = -1_000_000, message = "ordem deve estar entre -1000000 e 1000000")
        @Max(value = 1_000_000, message = "ordem deve estar entre -1000000 e 1000000")
        Integer ordem,
        @Schema(description = "Padrão true", defaultValue = "true")
        Boolean ativa) {
}
