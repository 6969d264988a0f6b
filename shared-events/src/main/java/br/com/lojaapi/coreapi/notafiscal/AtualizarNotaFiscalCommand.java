package br.com.lojaapi.coreapi.notafiscal;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.List;

/** The same invoice sent again: only what is sent replaces what is kept ({@code dados} when an XML came). */
public record AtualizarNotaFiscalCommand(@TargetAggregateIdentifier String notaId,
                                         String lojaId,
                                         String pedidoId,
                                         DadosNotaFiscal dados,
                                         ArquivoFiscal xml,
                                         ArquivoFiscal pdf,
                                         List<String> avisos,
                                         Instant em) {

    public AtualizarNotaFiscalCommand {
        avisos = avisos == null ? List.of() : List.copyOf(avisos);
    }
}
