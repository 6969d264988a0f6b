package br.com.lojaapi.coreapi.evento;

import java.util.List;

/** The positions of one page of the feed, in order, and whether more follow. */
public record PosicoesDoFeed(List<Long> posicoes, boolean temMais) {

    public PosicoesDoFeed {
        posicoes = List.copyOf(posicoes);
    }
}
