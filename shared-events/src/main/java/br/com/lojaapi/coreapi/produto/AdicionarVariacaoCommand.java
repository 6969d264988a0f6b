package br.com.lojaapi.coreapi.produto;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

public record AdicionarVariacaoCommand(@TargetAggregateIdentifier String produtoId,
                                       String lojaId,
                                       AlteracaoVariacao variacao,
                                       Instant adicionadaEm) {
}
