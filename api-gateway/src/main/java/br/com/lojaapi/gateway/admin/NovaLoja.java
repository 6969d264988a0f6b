package br.com.lojaapi.gateway.admin;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

@Schema(name = "NovaLoja")
record NovaLoja(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "Mercado Azul")
        @NotBlank(message = "Informe o nome da loja") @Size(max = 200, message = "nome: no máximo 200 caracteres")
        String nome,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "mercado-azul", pattern = "[a-z0-9-]{3,40}",
                description = "Único no serviço; forma o endereço da vitrine")
        @NotNull(message = "Informe o slug da loja ([a-z0-9-]{3,40})")
        String slug,
        @Schema(example = "12.ABC.345/01DE-35", description = "Numérico ou alfanumérico; dígitos verificadores conferidos")
        @Size(max = 20, message = "cnpj: no máximo 20 caracteres") String cnpj,
        @Schema(example = "loja.exemplo.com.br", description = "Domínio próprio da vitrine, só o nome do host")
        @Size(max = 253, message = "dominioProprio: no máximo 253 caracteres") String dominioProprio,
        @Size(max = 40, message = "telefone: no máximo 40 caracteres") String telefone,
        @Size(max = 10, message = "cep: 8 dígitos") String cep,
        @Size(max = 200, message = "endereco: no máximo 200 caracteres") String endereco,
        @Size(max = 20, message = "numero: no máximo 20 caracteres") String numero,
        @Size(max = 100, message = "complemento: no máximo 100 caracteres") String complemento,
        @Size(max = 100, message = "bairro: no máximo 100 caracteres") String bairro,
        @Size(max = 100, message = "cidade: no máximo 100 caracteres") String cidade,
        @Schema(example = "SP") @Size(max = 2, message = "uf: duas letras") String uf) {
}
