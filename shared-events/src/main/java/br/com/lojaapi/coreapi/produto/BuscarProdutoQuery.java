package br.com.lojaapi.coreapi.produto;

/** A product of the store that is not removed, with its variations. */
public record BuscarProdutoQuery(String lojaId, String produtoId) {
}
