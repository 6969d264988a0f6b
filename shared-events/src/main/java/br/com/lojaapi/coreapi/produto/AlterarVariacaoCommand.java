package br.com.lojaapi.coreapi.produto;

import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

public record AlterarVariacaoCommand(@TargetAggregateIdentifier String produtoId,
                                     String lojaId,
                                     String variacaoId,
                                     AlteracaoVariacao alteracao,
                                     Instant alteradaEm,
                                     VersaoEsperada versaoEsperada) {

    /** Without an {@code If-Match} precondition. */
    public AlterarVariacaoCommand(String produtoId, String lojaId, String variacaoId, AlteracaoVariacao alteracao,
            Instant alteradaEm) {
        this(produtoId, lojaId, variacaoId, alteracao, alteradaEm, null);
    }
}
