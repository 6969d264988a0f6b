package br.com.lojaapi.coreapi.notafiscal;

import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

public record RemoverNotaFiscalCommand(@TargetAggregateIdentifier String notaId, String lojaId, String pedidoId,
                                       Instant em,
                                       VersaoEsperada versaoEsperada) {

    /** Without an {@code If-Match} precondition. */
    public RemoverNotaFiscalCommand(String notaId, String lojaId, String pedidoId, Instant em) {
        this(notaId, lojaId, pedidoId, em, null);
    }
}
