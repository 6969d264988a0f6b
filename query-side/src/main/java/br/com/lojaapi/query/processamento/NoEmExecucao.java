package br.com.lojaapi.query.processamento;

import java.time.Instant;

/** A running node, as its row in {@code no_em_execucao} says: its id, when it started and when it last renewed it. */
public record NoEmExecucao(String id, Instant desde, Instant vistoEm) {
}
