package br.com.lojaapi.coreapi.produto;

/**
 * A product read in one statement with what its URL and its ETag need: the store's slug and own domain (null when it
 * has none), and the tag (without quotes) computed from the versions that same statement read: the product's, its
 * category's, its groups' and its store's.
 */
public record ProdutoLido(ProdutoView produto, String slugDaLoja, String dominioDaLoja, String etag) {
}
