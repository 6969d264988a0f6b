package br.com.lojaapi.coreapi.produto;

/**
 * A page of the store's products that are not removed. {@code busca} matches name, barcode and SKU (contains,
 * case-insensitive) and, when it is a whole number, {@code codIntegracao} exactly. Null filters do not filter.
 */
public record ListarProdutosQuery(String lojaId,
                                  String busca,
                                  String categoriaId,
                                  boolean apenasDisponiveis,
                                  int pagina,
                                  int limite) {
}
