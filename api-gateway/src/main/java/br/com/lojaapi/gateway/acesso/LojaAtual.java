package br.com.lojaapi.gateway.acesso;

/**
 * The store a {@code /v1} request acts on, taken from its bearer token and nothing else. Controllers receive it
 * as a parameter; it never comes from the path, the query or the body.
 */
public record LojaAtual(String lojaId, String tokenId) {

    public static final String ATRIBUTO = LojaAtual.class.getName();
}
