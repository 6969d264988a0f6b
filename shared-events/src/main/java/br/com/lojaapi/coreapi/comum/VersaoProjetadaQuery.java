package br.com.lojaapi.coreapi.comum;

/**
 * Asks which aggregate version a read model holds for one resource of a store. Answered with
 * {@code Optional<Long>}: empty when the read model has no row for it.
 */
public record VersaoProjetadaQuery(String lojaId, ModeloLeitura modelo, String id) {
}
