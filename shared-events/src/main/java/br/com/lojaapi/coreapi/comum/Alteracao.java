package br.com.lojaapi.coreapi.comum;

import java.time.Instant;

/** One changed row as incremental sync keys it; {@code removidoEm} is set for a tombstone. */
public record Alteracao(String id, long versao, Instant atualizadoEm, Instant removidoEm) {
}
