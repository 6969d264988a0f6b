package br.com.lojaapi.coreapi.etiqueta;

import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

public record RemoverEtiquetaCommand(@TargetAggregateIdentifier String etiquetaId, String lojaId, String pedidoId,
                                     Instant em,
                                     VersaoEsperada versaoEsperada) {

    /** Without an {@code If-Match} precondition. */
    public RemoverEtiquetaCommand(String etiquetaId, String lojaId, String pedidoId, Instant em) {
        this(etiquetaId, lojaId, pedidoId, em, null);
    }
}
