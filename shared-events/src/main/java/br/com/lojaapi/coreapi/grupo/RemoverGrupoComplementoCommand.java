package br.com.lojaapi.coreapi.grupo;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

public record RemoverGrupoComplementoCommand(@TargetAggregateIdentifier String grupoId, String lojaId, Instant removidoEm) {
}
