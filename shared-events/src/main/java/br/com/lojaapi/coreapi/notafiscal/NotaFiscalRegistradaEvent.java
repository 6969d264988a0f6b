package br.com.lojaapi.coreapi.notafiscal;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;

/** An invoice linked to an order: everything its read model and {@code pedido.nota_fiscal} (criada) need. */
public record NotaFiscalRegistradaEvent(String notaId,
                                        String lojaId,
                                        String pedidoId,
                                        long pedidoNumero,
                                        DadosNotaFiscal dados,
                                        ArquivoFiscal xml,
                                        ArquivoFiscal pdf,
                                        String situacao,
                                        OffsetDateTime canceladaEm,
                                        List<String> avisos,
                                        String origem,
                                        Instant em) {

    public NotaFiscalRegistradaEvent {
        avisos = avisos == null ? List.of() : List.copyOf(avisos);
    }
}
