package br.com.lojaapi.coreapi.produto;

/**
 * A product of the store that is not removed, as its GET shows it, with its ETag and its store's storefront address,
 * all read in one statement. Answered with {@code Optional<ProdutoLido>}.
 */
public record LerProdutoQuery(String lojaId, String produtoId) {
}
