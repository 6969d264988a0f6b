package br.com.lojaapi.coreapi.categoria;

import java.time.Instant;

public record CategoriaView(String id,
                            String lojaId,
                            String nome,
                            String descricao,
                            int ordem,
                            boolean ativa,
                            Instant criadoEm,
                            Instant atualizadoEm,
                            long versao) {
}
