package br.com.lojaapi.coreapi.produto;

/** {@code versao} is the version of the product that owns the variation. */
public record VariacaoView(String id, String produtoId, DadosVariacao dados, long versao) {
}
