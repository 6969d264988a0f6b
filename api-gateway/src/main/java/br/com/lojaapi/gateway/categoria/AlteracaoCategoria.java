package br.com.lojaapi.gateway.categoria;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;

import java.util.Optional;

/**
 * PUT body: only the fields present change. A field is null here when absent from the JSON and
 * {@code Optional.empty()} when sent as null (a class, not a record, because Jackson fills absent record
 * components of Optional type with empty, erasing that difference).
 */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
@Schema(name = "AlteracaoCategoria", description = "Todos os campos são opcionais; só os enviados mudam")
class AlteracaoCategoria {

    @Schema(implementation = String.class, example = "Bebidas geladas", maxLength = 100)
    Optional<@Size(max = 100, message = "nome: no máximo 100 caracteres") String> nome;

    @Schema(implementation = String.class, nullable = true, maxLength = 2000, description = "null apaga a descrição")
    Optional<@Size(max = 2000, message = "descricao: no máximo 2000 caracteres") String> descricao;

    @Schema(implementation = Integer.class, example = "2", minimum = "-1000000", maximum = "1000000")
    Optional<@Min(value = -1_000_000, message = "ordem deve estar entre -1000000 e 1000000")
             @Max(value = 1_000_000, message = "ordem deve estar entre -1000000 e 1000000") Integer> ordem;

    @Schema(implementation = Boolean.class)
    Optional<Boolean> ativa;
}
