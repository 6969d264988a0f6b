package br.com.lojaapi.command.categoria;

/**
 * Command-side view of the category names of each store (set-based validation). The UNIQUE constraint of the
 * lookup table is the real guard; {@link #exigirLivre} only gives the common case a clear message early.
 */
public interface NomesDeCategoria {

    /** Refuses with 400 when another category of the store already uses this name (case-insensitive). */
    void exigirLivre(String lojaId, String nome, String categoriaId);

    /** Position after the store's last category: max(ordem) + 1, or 1 for the first one. */
    int proximaOrdem(String lojaId);
}
