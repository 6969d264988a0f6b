package br.com.lojaapi.coreapi.produto;

import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

public record RemoverProdutoCommand(@TargetAggregateIdentifier String produtoId, String lojaId, Instant removidoEm,
                                    VersaoEsperada versaoEsperada) {

    /** Without an {@code If-Match} precondition. */
    public RemoverProdutoCommand(String produtoId, String lojaId, Instant removidoEm) {
        this(produtoId, lojaId, removidoEm, null);
    }
}
