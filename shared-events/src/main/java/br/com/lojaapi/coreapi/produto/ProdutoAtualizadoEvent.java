package br.com.lojaapi.coreapi.produto;

import java.time.Instant;
import java.util.List;

/**
 * The product after a PUT or an upsert update, whole, with all its variations: what {@code produto.atualizado}
 * delivers, and all a consumer needs without earlier events.
 */
public record ProdutoAtualizadoEvent(String produtoId,
                                     String lojaId,
                                     DadosProduto dados,
                                     List<VariacaoDoProduto> variacoes,
                                     Instant atualizadoEm) {

    public ProdutoAtualizadoEvent {
        variacoes = variacoes == null ? List.of() : List.copyOf(variacoes);
    }
}
