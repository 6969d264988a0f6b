package br.com.lojaapi.coreapi.categoria;

import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

public record RemoverCategoriaCommand(@TargetAggregateIdentifier String categoriaId, String lojaId,
                                      Instant removidaEm, VersaoEsperada versaoEsperada) {

    /** Without an {@code If-Match} precondition. */
    public RemoverCategoriaCommand(String categoriaId, String lojaId, Instant removidaEm) {
        this(categoriaId, lojaId, removidaEm, null);
    }
}
