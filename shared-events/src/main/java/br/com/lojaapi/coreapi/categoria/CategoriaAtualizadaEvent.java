package br.com.lojaapi.coreapi.categoria;

import java.time.Instant;

/** Carries the whole category after the change, so consumers never need earlier events. */
public record CategoriaAtualizadaEvent(String categoriaId,
                                       String lojaId,
                                       String nome,
                                       String descricao,
                                       int ordem,
                                       boolean ativa,
                                       Instant atualizadaEm) {
}
