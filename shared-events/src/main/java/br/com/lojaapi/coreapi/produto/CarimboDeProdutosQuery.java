package br.com.lojaapi.coreapi.produto;

/** The validator (HTTP ETag, without quotes) of the page {@code pagina} would return. Answered with a String. */
public record CarimboDeProdutosQuery(ListarProdutosQuery pagina) {
}
