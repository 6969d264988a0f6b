package br.com.lojaapi.coreapi.grupo;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

public record AlterarGrupoComplementoCommand(@TargetAggregateIdentifier String grupoId,
                                             String lojaId,
                                             AlteracaoGrupo alteracao,
                                             Instant alteradoEm) {
}
