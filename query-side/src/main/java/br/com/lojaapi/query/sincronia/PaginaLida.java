package br.com.lojaapi.query.sincronia;

import java.util.List;

/**
 * The rows of a sync page with their bodies, in sync order; {@code ate}, the position of the last one (where the next
 * page starts after); {@code temMais}, whether more rows below the horizon follow.
 */
public record PaginaLida<T>(List<AlteracaoLida<T>> lidas, long ate, boolean temMais) {

    public PaginaLida {
        lidas = List.copyOf(lidas);
    }
}
