package br.com.lojaapi.query.sincronia;

import br.com.lojaapi.coreapi.comum.Alteracao;

/** One changed row of a sync page: its keys ({@code removidoEm} set for a tombstone) and its body at that version. */
public record AlteracaoLida<T>(Alteracao alteracao, T corpo) {
}
