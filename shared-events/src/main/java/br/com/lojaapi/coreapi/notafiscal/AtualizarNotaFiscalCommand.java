package br.com.lojaapi.coreapi.notafiscal;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.time.OffsetDateTime;

/**
 * The same invoice sent again: what is sent replaces what is kept, what is null stays ({@code dados} come with an
 * XML). {@code canceladaEm}: an NFS-e sent again with its cancellation block, which cancels it.
 */
public record AtualizarNotaFiscalCommand(@TargetAggregateIdentifier String notaId,
                                         String lojaId,
                                         String pedidoId,
                                         ContextoDoPedido contexto,
                                         DadosNotaFiscal dados,
                                         ArquivoFiscal xml,
                                         ArquivoFiscal pdf,
                                         OffsetDateTime canceladaEm,
                                         Instant em) {
}
