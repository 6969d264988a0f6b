package br.com.lojaapi.coreapi.produto;

/** Another resource as a product shows it: its id and current name. */
public record Referencia(String id, String nome) {
}
