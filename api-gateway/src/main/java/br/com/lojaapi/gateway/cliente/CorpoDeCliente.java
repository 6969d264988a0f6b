package br.com.lojaapi.gateway.cliente;

import br.com.lojaapi.coreapi.cliente.AlteracaoCliente;
import com.fasterxml.jackson.annotation.JsonAutoDetect;
import io.swagger.v3.oas.annotations.media.Schema;

import java.util.Optional;

/**
 * POST /clientes. A field absent is kept when the customer exists; an explicit null clears it (except nome).
 * Fields are Optional for that reason (null = absent), in a class, not a record, because Jackson fills absent
 * Optional record components with empty.
 */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
@Schema(name = "CorpoDeCliente", description = "Cria ou atualiza pelo documento. Na criação, nome e documento são "
        + "obrigatórios; na atualização, só os campos enviados mudam e null apaga os anuláveis. Textos vazios contam "
        + "como null.")
class CorpoDeCliente {

    @Schema(implementation = String.class, example = "Maria Souza",
            maxLength = 200, description = "Obrigatório na criação; não pode ser apagado") Optional<String> nome;
    @Schema(implementation = String.class, requiredMode = Schema.RequiredMode.REQUIRED, example = "390.533.447-05",
            description = "CPF (11 dígitos) ou CNPJ (14 caracteres, numérico ou alfanumérico), com ou sem pontuação; "
                    + "dígitos verificadores conferidos; guardado sem pontuação e em maiúsculas. Chave do upsert")
    Optional<String> documento;
    @Schema(implementation = String.class, allowableValues = {"CPF", "CNPJ"},
            description = "Deduzido do documento quando omitido; quando enviado, deve concordar com ele")
    Optional<String> tipoDocumento;
    @Schema(implementation = String.class, nullable = true, maxLength = 254, example = "maria@exemplo.com.br")
    Optional<String> email;
    @Schema(implementation = String.class, nullable = true, maxLength = 40, example = "(11) 3333-4444")
    Optional<String> telefone;
    @Schema(implementation = String.class, nullable = true, maxLength = 40, example = "(11) 99999-8888")
    Optional<String> celular;
    @Schema(implementation = String.class, nullable = true, example = "01310-100",
            description = "8 dígitos, com ou sem pontuação; guardado só com os dígitos") Optional<String> cep;
    @Schema(implementation = String.class, nullable = true, maxLength = 200) Optional<String> endereco;
    @Schema(implementation = String.class, nullable = true, maxLength = 20) Optional<String> numero;
    @Schema(implementation = String.class, nullable = true, maxLength = 100) Optional<String> bairro;
    @Schema(implementation = String.class, nullable = true, maxLength = 100) Optional<String> cidade;
    @Schema(implementation = String.class, nullable = true, example = "SP",
            description = "Duas letras; guardada em maiúsculas") Optional<String> uf;

    AlteracaoCliente alteracao() {
        return new AlteracaoCliente(nome, documento, tipoDocumento, email, telefone, celular, cep, endereco, numero,
                bairro, cidade, uf);
    }
}
