package br.com.lojaapi.coreapi.grupo;

import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

public record RemoverGrupoComplementoCommand(@TargetAggregateIdentifier String grupoId, String lojaId,
                                             Instant removidoEm, VersaoEsperada versaoEsperada) {

    /** Without an {@code If-Match} precondition. */
    public RemoverGrupoComplementoCommand(String grupoId, String lojaId, Instant removidoEm) {
        this(grupoId, lojaId, removidoEm, null);
    }
}
