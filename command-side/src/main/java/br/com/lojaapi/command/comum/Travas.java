package br.com.lojaapi.command.comum;

import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.PreparedStatement;
import java.util.List;

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

    /**
     * Takes the locks of all the keys, in the order given, with one statement: PostgreSQL evaluates the lock
     * function row by row after the sort.
     */
    public static void exclusivas(JdbcTemplate jdbc, List<String> chaves) {
        if (chaves.isEmpty()) {
            return;
        }
        jdbc.query(conexao -> {
            PreparedStatement consulta = conexao.prepareStatement("""
                    SELECT pg_advisory_xact_lock(hashtextextended(t.chave, 0))
                      FROM unnest(?::text[]) WITH ORDINALITY AS t (chave, ordem) ORDER BY t.ordem""");
            consulta.setArray(1, conexao.createArrayOf("text", chaves.toArray()));
            return consulta;
        }, linha -> {
        });
    }

    /** The shared form: any number of holders, excluding only the exclusive one. */
    public static void compartilhada(JdbcTemplate jdbc, String chave) {
        jdbc.queryForList("SELECT pg_advisory_xact_lock_shared(hashtextextended(?, 0))", chave);
    }
}
