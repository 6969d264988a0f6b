package br.com.lojaapi.coreapi.notafiscal;

import java.time.Instant;
import java.util.List;

/** The invoice as it now stands after a resend (acao {@code atualizada}); files not sent are unchanged. */
public record NotaFiscalAtualizadaEvent(String notaId,
                                        String lojaId,
                                        String pedidoId,
                                        DadosNotaFiscal dados,
                                        ArquivoFiscal xml,
                                        ArquivoFiscal pdf,
                                        List<String> avisos,
                                        Instant em) {

    public NotaFiscalAtualizadaEvent {
        avisos = avisos == null ? List.of() : List.copyOf(avisos);
    }
}
