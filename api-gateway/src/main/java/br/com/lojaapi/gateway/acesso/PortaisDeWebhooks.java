package br.com.lojaapi.gateway.acesso;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Links to a store's webhook delivery portal (decision 077). A link's secret is a bearer credential that acts as the
 * store token that made it, on the webhook routes of {@link Areas#DO_PORTAL} only, for {@code WEBHOOK_PORTAL_LINK_TTL}
 * (15 minutes by default): it is admitted as that token ({@link br.com.lojaapi.gateway.limite.LimiteDeRequisicoes}),
 * so its store is the token's, its requests take from the token's quota, and a revoked token refuses it on the next
 * request. Only the secret's SHA-256 is kept, as for tokens; the secret goes in the link's fragment, which browsers
 * send to no server and put in no Referer.
 */
@Repository
public class PortaisDeWebhooks {

    /** What tells a portal secret from a store token in an {@code Authorization} header. */
    static final String PREFIXO = "pw_portal_";

    private final JdbcTemplate jdbc;
    private final Duration validade;

    PortaisDeWebhooks(JdbcTemplate jdbc, @Value("${loja.portal.validade:15m}") Duration validade) {
        if (validade.isNegative() || validade.isZero() || validade.compareTo(Duration.ofDays(1)) > 0) {
            throw new IllegalStateException("WEBHOOK_PORTAL_LINK_TTL deve ser positivo e de no máximo 24h: "
                    + validade);
        }
        this.jdbc = jdbc;
        this.validade = validade;
    }

    /** A new link's secret and when it stops working. */
    public record Novo(String segredo, Instant expiraEm) {
    }

    /** What a request made with a portal secret carries besides its store: when the link stops working. */
    public record Sessao(Instant expiraEm) {

        public static final String ATRIBUTO = Sessao.class.getName();
    }

    /** A link acting as the given (live) token of the store, valid from now; expired links are deleted on the way. */
    public Novo criar(LojaAtual loja, Instant agora) {
        String segredo = Tokens.gerar(PREFIXO);
        Instant expiraEm = agora.plus(validade);
        jdbc.update("DELETE FROM portal_de_webhooks WHERE expira_em < now()");
        jdbc.update("INSERT INTO portal_de_webhooks (hash, token_id, criado_em, expira_em) VALUES (?, ?, ?, ?)",
                Tokens.hash(segredo), loja.tokenId(), Timestamp.from(agora), Timestamp.from(expiraEm));
        return new Novo(segredo, expiraEm);
    }

    static boolean doPortal(String credencial) {
        return credencial.startsWith(PREFIXO);
    }

    /** What an unexpired link acts as: its token's hash (the token's revocation is checked when it is admitted). */
    Optional<Link> valido(byte[] hash) {
        List<Link> links = jdbc.query("""
                SELECT t.hash, p.expira_em FROM portal_de_webhooks p JOIN api_token t ON t.id = p.token_id
                 WHERE p.hash = ? AND p.expira_em > now()""",
                (rs, i) -> new Link(rs.getBytes(1), rs.getTimestamp(2).toInstant()), hash);
        return links.stream().findFirst();
    }

    record Link(byte[] hashDoToken, Instant expiraEm) {
    }
}
