package br.com.lojaapi.query.processamento;

/**
 * This running application's name among the nodes sharing the database: the owner of the token claims its
 * processors hold, and of the rebuilds it drives.
 */
public record IdentidadeDoNo(String id) {
}
