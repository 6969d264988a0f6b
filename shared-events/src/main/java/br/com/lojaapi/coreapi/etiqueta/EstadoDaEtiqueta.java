package br.com.lojaapi.coreapi.etiqueta;

import java.time.Instant;
import java.util.List;

/**
 * A carrier label as it stands after an event: every event carries it whole, so its read model and the
 * {@code pedido.etiqueta} payload are copies of it.
 */
public record EstadoDaEtiqueta(String etiquetaId,
                               String lojaId,
                               String pedidoId,
                               long pedidoNumero,
                               DadosDaEtiqueta dados,
                               ArquivoDeEtiqueta arquivo,
                               List<String> avisos,
                               String origem,
                               Instant criadoEm,
                               Instant atualizadoEm) {

    public EstadoDaEtiqueta {
        avisos = avisos == null ? List.of() : List.copyOf(avisos);
    }
}
