package br.com.lojaapi.coreapi.etiqueta;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

public record RemoverEtiquetaCommand(@TargetAggregateIdentifier String etiquetaId, String lojaId, String pedidoId,
                                     Instant em) {
}
