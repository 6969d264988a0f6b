package br.com.lojaapi.coreapi.notafiscal;

import java.time.Instant;
import java.time.OffsetDateTime;

/** The invoice became {@code CANCELADA} (acao {@code cancelada}); the event XML is kept with it. */
public record NotaFiscalCanceladaEvent(String notaId,
                                       String lojaId,
                                       String pedidoId,
                                       String tipoEvento,
                                       String protocoloCancelamento,
                                       OffsetDateTime canceladaEm,
                                       ArquivoFiscal xmlCancelamento,
                                       Instant em) {
}
