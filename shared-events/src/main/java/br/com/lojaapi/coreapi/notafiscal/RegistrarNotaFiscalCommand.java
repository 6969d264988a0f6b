package br.com.lojaapi.coreapi.notafiscal;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * Links a new invoice to an order. {@code canceladaEm} is set for an NFS-e that arrives with its cancellation
 * block. Uniqueness (one invoice per key in the store, 20 per order) is settled before this command.
 */
public record RegistrarNotaFiscalCommand(@TargetAggregateIdentifier String notaId,
                                         String lojaId,
                                         String pedidoId,
                                         long pedidoNumero,
                                         DadosNotaFiscal dados,
                                         ArquivoFiscal xml,
                                         ArquivoFiscal pdf,
                                         OffsetDateTime canceladaEm,
                                         List<String> avisos,
                                         String origem,
                                         Instant em) {

    public RegistrarNotaFiscalCommand {
        avisos = avisos == null ? List.of() : List.copyOf(avisos);
    }
}
