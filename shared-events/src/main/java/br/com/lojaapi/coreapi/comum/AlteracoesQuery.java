package br.com.lojaapi.coreapi.comum;

import java.time.Instant;

/**
 * The next changed rows of a store's read model (products, orders or customers, removed ones included) in
 * {@code (atualizadoEm, id)} order: those after {@code (desde, desdeId)} and changed before {@code ate}, at most
 * {@code limite}. Answered with {@link PaginaDeAlteracoes}.
 */
public record AlteracoesQuery(String lojaId, ModeloLeitura modelo, Instant desde, String desdeId, Instant ate,
                              int limite) {
}
