package br.com.lojaapi.coreapi.evento;

import java.util.List;

/**
 * Answered with the {@link EventoDoFeed}s of the store at these positions, in position order: the bodies are read
 * only for a page that is actually sent.
 */
public record EventosDoFeedQuery(String lojaId, List<Long> posicoes) {

    public EventosDoFeedQuery {
        posicoes = List.copyOf(posicoes);
    }
}
