package br.com.lojaapi.coreapi.comum;

import java.util.Set;

/**
 * The {@code If-Match} precondition a command carries: the versions the client accepts as the resource's current
 * one. The aggregate compares them with its own version in the unit of work that appends, so a write that lands
 * between a client's read and this command makes it fail instead of being overwritten. An empty set accepts no
 * version (the header named only tags that can never match, such as weak ones); a command without a precondition
 * carries null.
 */
public record VersaoEsperada(Set<Long> versoes) {

    public VersaoEsperada {
        versoes = Set.copyOf(versoes);
    }

    public static VersaoEsperada de(long versao) {
        return new VersaoEsperada(Set.of(versao));
    }

    public boolean aceita(long atual) {
        return versoes.contains(atual);
    }
}
