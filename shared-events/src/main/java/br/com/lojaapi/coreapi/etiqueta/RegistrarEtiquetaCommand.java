package br.com.lojaapi.coreapi.etiqueta;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.List;

/** Links a new carrier label to an order; the limit per order and the code's uniqueness are settled before. */
public record RegistrarEtiquetaCommand(@TargetAggregateIdentifier String etiquetaId,
                                       String lojaId,
                                       String pedidoId,
                                       long pedidoNumero,
                                       DadosDaEtiqueta dados,
                                       ArquivoDeEtiqueta arquivo,
                                       List<String> avisos,
                                       String origem,
                                       Instant em) {
}
