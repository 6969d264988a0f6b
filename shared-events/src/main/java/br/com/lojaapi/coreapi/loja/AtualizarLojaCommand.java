package br.com.lojaapi.coreapi.loja;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.Optional;

/**
 * Partial update of a store: a null field is left as it is. Optional fields may also be cleared with
 * {@code Optional.empty()}; {@code nome} and {@code slug} cannot be cleared.
 */
public record AtualizarLojaCommand(@TargetAggregateIdentifier String lojaId,
                                   String nome,
                                   String slug,
                                   Optional<String> cnpj,
                                   Optional<String> dominioProprio,
                                   Optional<String> telefone,
                                   Optional<String> cep,
                                   Optional<String> endereco,
                                   Optional<String> numero,
                                   Optional<String> complemento,
                                   Optional<String> bairro,
                                   Optional<String> cidade,
                                   Optional<String> uf,
                                   Instant atualizadaEm) {
}
