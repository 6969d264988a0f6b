package br.com.lojaapi.coreapi.produto;

/** A variation of a product of the store that is not removed. */
public record BuscarVariacaoQuery(String lojaId, String variacaoId) {
}
