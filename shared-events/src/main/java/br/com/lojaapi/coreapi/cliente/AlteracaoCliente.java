package br.com.lojaapi.coreapi.cliente;

import java.util.Optional;

/**
 * The customer fields a POST /clientes sent: a null field was not sent (kept on update), {@code Optional.empty()}
 * is an explicit null (clears a nullable field; refused for {@code nome}). {@code documento} is the upsert key;
 * {@code tipoDocumento} is only checked against it, never stored apart from it.
 */
public record AlteracaoCliente(Optional<String> nome,
                               Optional<String> documento,
                               Optional<String> tipoDocumento,
                               Optional<String> email,
                               Optional<String> telefone,
                               Optional<String> celular,
                               Optional<String> cep,
                               Optional<String> endereco,
                               Optional<String> numero,
                               Optional<String> bairro,
                               Optional<String> cidade,
                               Optional<String> uf) {
}
