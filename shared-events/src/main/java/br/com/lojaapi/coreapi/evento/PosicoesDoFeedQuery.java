package br.com.lojaapi.coreapi.evento;

import java.util.List;

/**
 * Answered with {@link PosicoesDoFeed}: the positions of one page of the store's event feed, after {@code apos},
 * found by positions alone (an index scan), which is all a page's ETag needs.
 *
 * @param tipos webhook kinds to keep; empty means every kind
 */
public record PosicoesDoFeedQuery(String lojaId, long apos, List<String> tipos, int limite) {

    public PosicoesDoFeedQuery {
        tipos = List.copyOf(tipos);
    }
}
