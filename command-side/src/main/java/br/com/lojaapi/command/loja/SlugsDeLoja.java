package br.com.lojaapi.command.loja;

/** Set-based validation of store slugs; the UNIQUE constraint of {@code loja_slug} is the real guard. */
public interface SlugsDeLoja {

    /** Refuses with 409 when another store already uses the slug. */
    void exigirLivre(String slug, String lojaId);
}
