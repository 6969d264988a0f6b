package br.com.lojaapi.query.processamento.reconstrucao;

import java.time.Instant;

/**
 * The latest rebuild of a projection, as {@code GET /admin/projecoes} shows it: {@code estado} reconstruindo,
 * concluida or falhou; {@code eventos} and {@code eventosPorSegundo} once it ended.
 */
public record Reconstrucao(String estado, Instant iniciadaEm, Instant concluidaEm, Long eventos,
                           Double eventosPorSegundo, String erro) {

    static final String RECONSTRUINDO = "reconstruindo";

    public boolean emAndamento() {
        return RECONSTRUINDO.equals(estado);
    }
}
