package br.com.lojaapi.coreapi.produto;

import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

public record RemoverVariacaoCommand(@TargetAggregateIdentifier String produtoId,
                                     String lojaId,
                                     String variacaoId,
                                     Instant removidaEm,
                                     VersaoEsperada versaoEsperada) {

    /** Without an {@code If-Match} precondition. */
    public RemoverVariacaoCommand(String produtoId, String lojaId, String variacaoId, Instant removidaEm) {
        this(produtoId, lojaId, variacaoId, removidaEm, null);
    }
}
