package br.com.lojaapi.coreapi.produto;

import java.util.List;

public record PaginaDeProdutos(List<ProdutoView> produtos, long total) {

    public PaginaDeProdutos {
        produtos = List.copyOf(produtos);
    }
}
