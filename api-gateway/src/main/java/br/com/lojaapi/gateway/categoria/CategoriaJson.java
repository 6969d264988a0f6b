package br.com.lojaapi.gateway.categoria;

import br.com.lojaapi.coreapi.categoria.CategoriaView;
import io.swagger.v3.oas.annotations.media.Schema;

import java.time.Instant;

@Schema(name = "Categoria")
public record CategoriaJson(
        @Schema(example = "6f1c2a9e-2b1d-4c53-9a55-0b7f4f1e8c11") String id,
        @Schema(example = "Bebidas", description = "Único na loja, sem diferenciar maiúsculas") String nome,
        @Schema(nullable = true) String descricao,
        @Schema(example = "1") int ordem,
        boolean ativa,
        Instant criadoEm,
        Instant atualizadoEm,
        @Schema(description = "Versão do agregado após a última alteração (extensão)", example = "0") long versao) {

    static CategoriaJson de(CategoriaView view) {
        return new CategoriaJson(view.id(), view.nome(), view.descricao(), view.ordem(), view.ativa(), view.criadoEm(),
                view.atualizadoEm(), view.versao());
    }
}
