package br.com.lojaapi.command.comum;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The command side's advisory locks: PostgreSQL transaction-level locks on a text key (hashed to 64 bits), so they
 * hold on every node and end with the transaction that took them. The keys name what they serialise
 * ({@code pedido:<id>}, {@code produto-estoque:<id>}...), each next to the table or use case it protects.
 */
public final class Travas {

    private Travas() {
    }

    /** Waits for and takes the lock of {@code chave} until the transaction ends. */
    public static void exclusiva(JdbcTemplate jdbc, String chave) {
        jdbc.queryForList("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", chave);
    }

    /** The shared form: any number of holders, excluding only the exclusive one. */
    public static void compartilhada(JdbcTemplate jdbc, String chave) {
        jdbc.queryForList("SELECT pg_advisory_xact_lock_shared(hashtextextended(?, 0))", chave);
    }
}
