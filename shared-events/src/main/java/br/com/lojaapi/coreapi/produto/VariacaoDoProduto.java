package br.com.lojaapi.coreapi.produto;

/** A variation as part of its product's state. */
public record VariacaoDoProduto(String variacaoId, DadosVariacao dados) {
}
