package br.com.lojaapi.command.categoria;

/**
 * Command-side view of the category names of each store (set-based validation). The UNIQUE constraint of the
 * lookup table is the real guard; {@link #exigirLivre} only gives the common case a clear message early.
 */
public interface NomesDeCategoria {

    /**
     * Serialises, until the end of the current transaction, everything that creates, renames or looks up by name
     * a category with this name in this store (a PostgreSQL transaction-level advisory lock), on every node.
     */
    void travar(String lojaId, String nome);

    /** The id of the store's category with this name (case-insensitive), if any. */
    java.util.Optional<String> porNome(String lojaId, String nome);

    /** Refuses with 400 when another category of the store already uses this name (case-insensitive); locks it first. */
    void exigirLivre(String lojaId, String nome, String categoriaId);

    /** Position after the store's last category: max(ordem) + 1, or 1 for the first one. */
    int proximaOrdem(String lojaId);
}
