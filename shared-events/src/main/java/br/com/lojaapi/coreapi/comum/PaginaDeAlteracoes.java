package br.com.lojaapi.coreapi.comum;

import java.util.List;

/** {@code temMais}: more rows before the horizon follow the last one. */
public record PaginaDeAlteracoes(List<Alteracao> alteracoes, boolean temMais) {

    public PaginaDeAlteracoes {
        alteracoes = List.copyOf(alteracoes);
    }
}
