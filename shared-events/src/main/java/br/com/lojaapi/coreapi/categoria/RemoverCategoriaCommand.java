package br.com.lojaapi.coreapi.categoria;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

public record RemoverCategoriaCommand(@TargetAggregateIdentifier String categoriaId, String lojaId, Instant removidaEm) {
}
