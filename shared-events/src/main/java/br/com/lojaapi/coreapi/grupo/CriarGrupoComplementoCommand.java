package br.com.lojaapi.coreapi.grupo;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

public record CriarGrupoComplementoCommand(@TargetAggregateIdentifier String grupoId,
                                           String lojaId,
                                           AlteracaoGrupo dados,
                                           Instant criadoEm) {
}
