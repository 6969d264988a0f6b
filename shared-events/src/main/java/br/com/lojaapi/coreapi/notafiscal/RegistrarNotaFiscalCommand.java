package br.com.lojaapi.coreapi.notafiscal;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.time.OffsetDateTime;

/**
 * Links a new invoice to an order. {@code canceladaEm} is set for an NFS-e that arrives with its cancellation
 * block. Uniqueness (one invoice per identity in the store, 20 per order) is settled before this command.
 */
public record RegistrarNotaFiscalCommand(@TargetAggregateIdentifier String notaId,
                                         String lojaId,
                                         String pedidoId,
                                         ContextoDoPedido contexto,
                                         DadosNotaFiscal dados,
                                         ArquivoFiscal xml,
                                         ArquivoFiscal pdf,
                                         OffsetDateTime canceladaEm,
                                         String origem,
                                         Instant em) {
}
