package br.com.lojaapi.coreapi.categoria;

import java.time.Instant;

public record CategoriaCriadaEvent(String categoriaId,
                                   String lojaId,
                                   String nome,
                                   String descricao,
                                   int ordem,
                                   boolean ativa,
                                   Instant criadaEm) {
}
