package br.com.lojaapi.coreapi.produto;

import java.util.List;

/** The store's products with these ids, removed ones included, in no particular order; answered with a page. */
public record ProdutosPorIdQuery(String lojaId, List<String> ids) {

    public ProdutosPorIdQuery {
        ids = List.copyOf(ids);
    }
}
