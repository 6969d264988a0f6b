package br.com.lojaapi.coreapi.comum;

import java.time.Instant;

/**
 * One changed row as incremental sync keys it: {@code posicao} is its place in sync order (the global index of the
 * last event applied to it); {@code removidoEm} is set for a tombstone.
 */
public record Alteracao(String id, long versao, long posicao, Instant removidoEm) {
}
