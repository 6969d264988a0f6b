package br.com.lojaapi.coreapi.notafiscal;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * An invoice as it stands after an event: every event of the invoice carries it whole (event-carried state), so
 * the read model and the {@code pedido.nota_fiscal} payload are copies of it, never reconstructions. The files are
 * references into object storage; their bytes never travel in events.
 */
public record EstadoDaNota(String notaId,
                           String lojaId,
                           String pedidoId,
                           long pedidoNumero,
                           DadosNotaFiscal dados,
                           String situacao,
                           OffsetDateTime canceladaEm,
                           String tipoEventoCancelamento,
                           String protocoloCancelamento,
                           ArquivoFiscal xml,
                           ArquivoFiscal pdf,
                           ArquivoFiscal xmlCancelamento,
                           List<String> avisos,
                           String origem,
                           Instant criadoEm,
                           Instant atualizadoEm) {

    public static final String AUTORIZADA = "AUTORIZADA";
    public static final String CANCELADA = "CANCELADA";

    public EstadoDaNota {
        avisos = avisos == null ? List.of() : List.copyOf(avisos);
    }
}
