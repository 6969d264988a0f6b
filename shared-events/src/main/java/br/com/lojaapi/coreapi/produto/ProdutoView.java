package br.com.lojaapi.coreapi.produto;

import java.time.Instant;
import java.util.List;

/**
 * A product as the read model holds it, with its category and complement groups resolved to their current names
 * (null category or missing groups when those were removed) and its variations in creation order.
 */
public record ProdutoView(String id,
                          String lojaId,
                          DadosProduto dados,
                          Referencia categoria,
                          List<Referencia> gruposComplemento,
                          List<VariacaoView> variacoes,
                          Instant criadoEm,
                          Instant atualizadoEm,
                          long versao) {

    public ProdutoView {
        gruposComplemento = List.copyOf(gruposComplemento);
        variacoes = List.copyOf(variacoes);
    }
}
