package br.com.lojaapi.coreapi.loja;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

/** A store is its own tenant: its aggregate id is the store id. */
public record CriarLojaCommand(@TargetAggregateIdentifier String lojaId, DadosLoja dados, Instant criadaEm) {
}
