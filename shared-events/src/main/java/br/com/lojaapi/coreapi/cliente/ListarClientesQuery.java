package br.com.lojaapi.coreapi.cliente;

/**
 * A page of the store's customers by name (case-insensitive), then id. {@code busca} matches nome, email and
 * celular (contains, case-insensitive) and, when it has a digit, documento with or without punctuation; null does
 * not filter.
 */
public record ListarClientesQuery(String lojaId, String busca, int pagina, int limite) {
}
