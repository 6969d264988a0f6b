package br.com.lojaapi.coreapi.loja;

/**
 * A page of every store, for the operator: by name (case-insensitive), then id. {@code busca} matches the name and
 * the slug (contains, case-insensitive) and the id (whole); null does not filter.
 */
public record ListarLojasQuery(String busca, int pagina, int limite) {
}
