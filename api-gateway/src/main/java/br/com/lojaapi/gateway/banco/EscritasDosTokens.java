package br.com.lojaapi.gateway.banco;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Where each store token's last write ended in the primary's WAL ({@code api_token.lsn_escrita}, decision 074): one
 * statement after a write, on the primary, and read back for free by the statement that admits each request
 * ({@link br.com.lojaapi.gateway.limite.LimiteDeRequisicoes}). Kept only while read replicas are configured.
 */
@Component
public class EscritasDosTokens {

    private final JdbcTemplate jdbc;

    EscritasDosTokens(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The token's write has done all its work (including the projection it waited for): the primary's WAL position
     * now is past it. Never moved back by a slower concurrent write of the same token. The insert position rather
     * than {@code pg_current_wal_lsn()} (the write position): it is past every commit record, even one of a
     * transaction that did not wait for its WAL to be written ({@code synchronous_commit off}).
     */
    public void registrar(String tokenId) {
        jdbc.update("UPDATE api_token SET lsn_escrita = GREATEST(lsn_escrita, pg_current_wal_insert_lsn()) "
                + "WHERE id = ?", tokenId);
    }
}
