package br.com.lojaapi.coreapi.produto;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

public record AlterarVariacaoCommand(@TargetAggregateIdentifier String produtoId,
                                     String lojaId,
                                     String variacaoId,
                                     AlteracaoVariacao alteracao,
                                     Instant alteradaEm) {
}
