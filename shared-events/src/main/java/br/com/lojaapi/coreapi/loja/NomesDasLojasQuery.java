package br.com.lojaapi.coreapi.loja;

import java.util.Set;

/** The names of these stores, for lists that show other data under each store's name. */
public record NomesDasLojasQuery(Set<String> ids) {

    public NomesDasLojasQuery {
        ids = Set.copyOf(ids);
    }
}
