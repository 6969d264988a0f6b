package br.com.lojaapi.coreapi.categoria;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

/** {@code ordem} null means "after the last category of the store". */
public record CriarCategoriaCommand(@TargetAggregateIdentifier String categoriaId,
                                    String lojaId,
                                    String nome,
                                    String descricao,
                                    Integer ordem,
                                    boolean ativa,
                                    Instant criadaEm) {
}
