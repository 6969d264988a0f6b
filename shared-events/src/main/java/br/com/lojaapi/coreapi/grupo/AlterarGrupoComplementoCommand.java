package br.com.lojaapi.coreapi.grupo;

import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

public record AlterarGrupoComplementoCommand(@TargetAggregateIdentifier String grupoId,
                                             String lojaId,
                                             AlteracaoGrupo alteracao,
                                             Instant alteradoEm,
                                             VersaoEsperada versaoEsperada) {

    /** Without an {@code If-Match} precondition. */
    public AlterarGrupoComplementoCommand(String grupoId, String lojaId, AlteracaoGrupo alteracao, Instant alteradoEm) {
        this(grupoId, lojaId, alteracao, alteradoEm, null);
    }
}
