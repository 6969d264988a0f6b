package br.com.lojaapi.query.processamento;

import br.com.lojaapi.query.processamento.reconstrucao.Reconstrucao;

import java.time.Instant;
import java.util.List;

/**
 * Where one streaming event processor stands ({@code GET /admin/projecoes}): {@code estado} running, replaying,
 * stopped or error; {@code posicao} the global index of the last event its slowest segment handled, {@code cabeca}
 * the newest event's, {@code atraso} the difference. {@code progressoReplay} and {@code terminoEstimado} only while a
 * replay or rebuild runs; {@code reconstrucao}, its latest rebuild; {@code segmentos}, which node holds each.
 * {@code atrasoSegundos}: how long the oldest event still to handle has waited (0 when none is); {@code pausado}:
 * every node leaves its segments alone for now (a rebuild's swap); {@code erro}: why a segment this node holds is
 * in error; {@code reconstruivel}: a read model that {@code POST /admin/projecoes/{nome}/replay} rebuilds.
 */
public record EstadoDoProcessador(String nome, String estado, Long posicao, long cabeca, Long atraso,
                                  Double progressoReplay, Instant terminoEstimado, Reconstrucao reconstrucao,
                                  List<SegmentoDoProcessador> segmentos, Long atrasoSegundos, boolean pausado,
                                  String erro, boolean reconstruivel) {
}
