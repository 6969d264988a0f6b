package br.com.lojaapi.coreapi.produto;

import java.time.Instant;
import java.util.List;

public record ProdutoCriadoEvent(String produtoId,
                                 String lojaId,
                                 DadosProduto dados,
                                 List<VariacaoDoProduto> variacoes,
                                 Instant criadoEm) {

    public ProdutoCriadoEvent {
        variacoes = variacoes == null ? List.of() : List.copyOf(variacoes);
    }
}
