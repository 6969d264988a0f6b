package br.com.lojaapi.coreapi.notafiscal;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

public record RemoverNotaFiscalCommand(@TargetAggregateIdentifier String notaId, String lojaId, String pedidoId,
                                       Instant em) {
}
