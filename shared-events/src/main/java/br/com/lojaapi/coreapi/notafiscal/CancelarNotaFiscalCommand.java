package br.com.lojaapi.coreapi.notafiscal;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.time.OffsetDateTime;

/** A homologated cancellation event (110111/110112) of this invoice was posted; its XML is {@code xmlCancelamento}. */
public record CancelarNotaFiscalCommand(@TargetAggregateIdentifier String notaId,
                                        String lojaId,
                                        String pedidoId,
                                        String tipoEvento,
                                        String protocoloCancelamento,
                                        OffsetDateTime canceladaEm,
                                        ArquivoFiscal xmlCancelamento,
                                        Instant em) {
}
