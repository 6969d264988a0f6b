package br.com.lojaapi.gateway.acesso;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

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
 * <p>
 * A store holds at most {@code loja.tokens.maximo-por-loja} live (unrevoked) tokens, each with its own quota, so
 * the quotas of a store are bounded too (decision 071).
 */
@Repository
public class TokensDeAcesso {

    static final String PREFIXO = "sk_loja_";

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transacao;
    private final int maximoPorLoja;

    TokensDeAcesso(JdbcTemplate jdbc, PlatformTransactionManager transacoes,
                   @Value("${loja.tokens.maximo-por-loja:10}") int maximoPorLoja) {
        if (maximoPorLoja < 1) {
            throw new IllegalStateException("MAX_TOKENS_PER_STORE deve ser pelo menos 1: " + maximoPorLoja);
        }
        this.jdbc = jdbc;
        this.transacao = new TransactionTemplate(transacoes);
        this.maximoPorLoja = maximoPorLoja;
    }

    public record Novo(String id, String nome, String token, Instant criadoEm) {
    }

    public record Resumo(String id, String nome, Instant criadoEm, Instant revogadoEm, Instant ultimoUsoEm,
                         long requisicoes) {
    }

    /** A new token of the store, unless it already has the maximum of live ones: then 409, and nothing is made. */
    public Novo criar(String lojaId, String nome, Instant agora) {
        String id = UUID.randomUUID().toString();
        String token = Tokens.gerar(PREFIXO);
        Integer criados = transacao.execute(status -> {
            // Two nodes creating tokens for one store at once take turns here, and the count below is read after the
            // turn is taken (its own statement: a new snapshot), so neither passes a count made before the other's
            // insert. Revocations need no turn: they only free places.
            jdbc.queryForList("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", "api_token:" + lojaId);
            return jdbc.update("""
                    INSERT INTO api_token (id, loja_id, nome, hash, criado_em)
                    SELECT ?, ?, ?, ?, ?
                     WHERE (SELECT COUNT(*) FROM api_token WHERE loja_id = ? AND revogado_em IS NULL) < ?""",
                    id, lojaId, nome, Tokens.hash(token), Timestamp.from(agora), lojaId, maximoPorLoja);
        });
        if (criados == null || criados == 0) {
            throw ErroDeNegocio.conflito("A loja já tem " + maximoPorLoja + " tokens ativos, o máximo "
                    + "(MAX_TOKENS_PER_STORE); revogue um (DELETE /admin/lojas/" + lojaId + "/tokens/{tokenId}) "
                    + "antes de criar outro");
        }
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
