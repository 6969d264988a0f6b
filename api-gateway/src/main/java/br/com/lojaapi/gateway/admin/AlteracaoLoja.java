package br.com.lojaapi.gateway.admin;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import io.swagger.v3.oas.annotations.media.Schema;

import java.util.Optional;

/** PUT body: only fields present change; null clears an optional field (see {@code AlteracaoCategoria}). */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
@Schema(name = "AlteracaoLoja", description = "Os mesmos campos de NovaLoja, todos opcionais; null apaga os opcionais")
class AlteracaoLoja {

    @Schema(implementation = String.class) Optional<String> nome;
    @Schema(implementation = String.class) Optional<String> slug;
    @Schema(implementation = String.class, nullable = true) Optional<String> cnpj;
    @Schema(implementation = String.class, nullable = true) Optional<String> dominioProprio;
    @Schema(implementation = String.class, nullable = true) Optional<String> telefone;
    @Schema(implementation = String.class, nullable = true) Optional<String> cep;
    @Schema(implementation = String.class, nullable = true) Optional<String> endereco;
    @Schema(implementation = String.class, nullable = true) Optional<String> numero;
    @Schema(implementation = String.class, nullable = true) Optional<String> complemento;
    @Schema(implementation = String.class, nullable = true) Optional<String> bairro;
    @Schema(implementation = String.class, nullable = true) Optional<String> cidade;
    @Schema(implementation = String.class, nullable = true) Optional<String> uf;
}
