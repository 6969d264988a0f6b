package br.com.lojaapi.coreapi.produto;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

public record RemoverProdutoCommand(@TargetAggregateIdentifier String produtoId, String lojaId, Instant removidoEm) {
}
