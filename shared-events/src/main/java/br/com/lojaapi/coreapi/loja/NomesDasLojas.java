package br.com.lojaapi.coreapi.loja;

import java.util.Map;

/** Store names by id; a store the read model does not hold (yet) is absent. */
public record NomesDasLojas(Map<String, String> nomes) {

    public NomesDasLojas {
        nomes = Map.copyOf(nomes);
    }
}
