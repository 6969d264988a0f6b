package br.com.lojaapi.coreapi.comum;

import java.time.Instant;

/**
 * The next changed rows of a store's read model (products, orders or customers, removed ones included) in order of
 * their {@code posicao} (the global index of the last event applied to each), all below {@code horizonte}, at most
 * {@code limite}: those after {@code apos}, or, when it is null, those from the first row changed after
 * {@code (desde, desdeId)} in {@code (atualizadoEm, id)} order on. Answered with {@link PaginaDeAlteracoes}.
 */
public record AlteracoesQuery(String lojaId, ModeloLeitura modelo, Long apos, Instant desde, String desdeId,
                              long horizonte, int limite) {
}
