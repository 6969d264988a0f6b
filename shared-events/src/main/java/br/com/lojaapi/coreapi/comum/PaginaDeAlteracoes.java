package br.com.lojaapi.coreapi.comum;

import java.util.List;

/**
 * {@code apos}: the position the page starts after (the query's, or the one its start in time resolved to).
 * {@code temMais}: more rows before the horizon follow the last one. {@code dependencias}: a fingerprint of the
 * versions of what the rows' bodies embed besides themselves (a product's category, groups and store; an order's
 * invoices and labels), read in the same snapshot; empty when the bodies embed nothing else.
 */
public record PaginaDeAlteracoes(List<Alteracao> alteracoes, long apos, boolean temMais, String dependencias) {

    public PaginaDeAlteracoes {
        alteracoes = List.copyOf(alteracoes);
    }
}
