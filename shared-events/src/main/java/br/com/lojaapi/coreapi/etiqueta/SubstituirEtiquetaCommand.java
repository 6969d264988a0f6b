package br.com.lojaapi.coreapi.etiqueta;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.List;

/** The label of the same tracking code sent again: its file and fields replace the kept ones. */
public record SubstituirEtiquetaCommand(@TargetAggregateIdentifier String etiquetaId,
                                        String lojaId,
                                        String pedidoId,
                                        DadosDaEtiqueta dados,
                                        ArquivoDeEtiqueta arquivo,
                                        List<String> avisos,
                                        Instant em) {
}
