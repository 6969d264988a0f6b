package br.com.lojaapi.gateway.acesso;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Store API tokens. Credentials live outside the event store: only their SHA-256 is kept, and revocation is a
 * row change that every node sees on the next request because each request looks the token up (in the statement
 * that charges it to the token's quotas, {@link br.com.lojaapi.gateway.limite.LimiteDeRequisicoes}), which also
 * counts the token's requests and its last use.
 */
@Repository
public class TokensDeAcesso {

    static final String PREFIXO = "sk_loja_";

    private final JdbcTemplate jdbc;

    TokensDeAcesso(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public record Novo(String id, String nome, String token, Instant criadoEm) {
    }

    public record Resumo(String id, String nome, Instant criadoEm, Instant revogadoEm, Instant ultimoUsoEm,
                         long requisicoes) {
    }

    public Novo criar(String lojaId, String nome, Instant agora) {
        String id = UUID.randomUUID().toString();
        String token = Tokens.gerar(PREFIXO);
        jdbc.update("INSERT INTO api_token (id, loja_id, nome, hash, criado_em) VALUES (?, ?, ?, ?, ?)",
                id, lojaId, nome, Tokens.hash(token), Timestamp.from(agora));
        return new Novo(id, nome, token, agora);
    }

    public List<Resumo> listar(String lojaId) {
        return jdbc.query("""
                SELECT id, nome, criado_em, revogado_em, ultimo_uso_em, requisicoes
                  FROM api_token WHERE loja_id = ? ORDER BY criado_em, id""",
                (rs, i) -> new Resumo(rs.getString("id"), rs.getString("nome"), instante(rs.getTimestamp("criado_em")),
                        instante(rs.getTimestamp("revogado_em")), instante(rs.getTimestamp("ultimo_uso_em")),
                        rs.getLong("requisicoes")),
                lojaId);
    }

    /** Revokes the token (keeping the first revocation time); empty when the store has no such token. */
    public Optional<Instant> revogar(String lojaId, String tokenId, Instant agora) {
        List<Timestamp> revogado = jdbc.queryForList("""
                UPDATE api_token SET revogado_em = COALESCE(revogado_em, ?)
                 WHERE id = ? AND loja_id = ? RETURNING revogado_em""",
                Timestamp.class, Timestamp.from(agora), tokenId, lojaId);
        return revogado.stream().findFirst().map(Timestamp::toInstant);
    }

    private static Instant instante(Timestamp valor) {
        return valor == null ? null : valor.toInstant();
    }
}
