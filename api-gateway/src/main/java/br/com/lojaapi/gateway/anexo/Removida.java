package br.com.lojaapi.gateway.anexo;

/** The answer of a DELETE of an attachment. */
public record Removida(String id, boolean removido) {
}
