package br.com.lojaapi.gateway.limite;

import br.com.lojaapi.gateway.banco.Lsn;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Admission of a {@code /v1} request: its token looked up, checked and charged to its quotas in one statement on
 * the token's row (decision 059). Each token may make {@code RATE_LIMIT_PER_MINUTE} requests in a one-minute window,
 * of which {@code RATE_LIMIT_WRITES_PER_MINUTE} writes; the window begins with the token's first request and again
 * with the first request after it ends. A write takes from both quotas; a refused request costs nothing. The row is
 * shared by every node and changed by one statement at a time, so the quotas are exact across nodes, and a revoked
 * token is refused by the very next request on any node.
 *
 * <p>Requests of one token that arrive at this node while its statement runs are charged together by the next one
 * ({@link Lotes}): however many connections one token uses, each node has one statement in flight for it, and the
 * row's lock is held for that statement alone.
 */
@Component
public class LimiteDeRequisicoes {

    private static final Duration JANELA = Duration.ofMinutes(1);
    private static final Set<String> ESCRITAS = Set.of("POST", "PUT", "PATCH", "DELETE");

    /*
     * A request is charged in the order of the batch's writes first, then its reads: the writes take what both
     * quotas allow, the reads what the writes left of the total. The row is locked by the first step, so the rest
     * of the statement sees the values the last committed charge left.
     */
    private static final String COBRAR = """
            WITH atual AS (
                SELECT id, loja_id, janela_fim, restantes_total, restantes_escrita,
                       janela_fim IS NULL OR janela_fim <= now() AS nova
                  FROM api_token WHERE hash = :hash AND revogado_em IS NULL FOR UPDATE),
            saldo AS (
                SELECT id, loja_id,
                       CASE WHEN nova THEN now() + make_interval(secs => :janela) ELSE janela_fim END AS fim,
                       CASE WHEN nova THEN :limiteTotal ELSE restantes_total END AS total,
                       CASE WHEN nova THEN :limiteEscrita ELSE restantes_escrita END AS escrita
                  FROM atual),
            cobranca AS (
                SELECT s.*, LEAST(:escritas, s.escrita, s.total) AS escritas FROM saldo s),
            final AS (
                SELECT c.*, LEAST(:leituras, c.total - c.escritas) AS leituras FROM cobranca c)
            UPDATE api_token t
               SET janela_fim = f.fim,
                   restantes_total = f.total - f.escritas - f.leituras,
                   restantes_escrita = f.escrita - f.escritas,
                   requisicoes = t.requisicoes + :pedidos,
                   ultimo_uso_em = date_trunc('milliseconds', now())
              FROM final f
             WHERE t.id = f.id
            RETURNING t.id, t.loja_id, f.total, f.escrita, f.escritas, f.leituras,
                      GREATEST(1, ceil(extract(epoch FROM f.fim - now())))::bigint AS segundos,
                      t.lsn_escrita::text AS lsn_escrita""";

    private final NamedParameterJdbcTemplate jdbc;
    private final long limiteTotal;
    private final long limiteEscrita;
    private final Lotes<String, Boolean, Optional<Entrada>> lotes = new Lotes<>(this::cobrar);

    LimiteDeRequisicoes(NamedParameterJdbcTemplate jdbc,
                        @Value("${loja.limite.por-minuto:180}") long limiteTotal,
                        @Value("${loja.limite.escritas-por-minuto:90}") long limiteEscrita) {
        if (limiteTotal < 1 || limiteEscrita < 1) {
            throw new IllegalStateException("RATE_LIMIT_PER_MINUTE e RATE_LIMIT_WRITES_PER_MINUTE devem ser positivos");
        }
        this.jdbc = jdbc;
        this.limiteTotal = limiteTotal;
        this.limiteEscrita = limiteEscrita;
    }

    /** What the response headers report; {@code permitido} false means 429. */
    public record Decisao(boolean permitido, long limite, long restantes, long segundosParaReiniciar,
                          long segundosParaTentarDeNovo, boolean porEscrita, long limiteEscrita,
                          long restantesEscrita) {

        public static final String ATRIBUTO = Decisao.class.getName();
    }

    /**
     * A request let in: its token, the token's store, what its quotas say, and the primary's WAL position at the end
     * of the token's last write ({@link Lsn#NENHUMA} if none was recorded), which a replica must have replayed to
     * serve the token's reads (decision 074).
     */
    public record Entrada(String tokenId, String lojaId, Decisao decisao, long lsnDaEscrita) {
    }

    /** RATE_LIMIT_PER_MINUTE: the requests each token may make in its one-minute window. */
    public long limiteTotal() {
        return limiteTotal;
    }

    /** RATE_LIMIT_WRITES_PER_MINUTE: the writes among them. */
    public long limiteEscrita() {
        return limiteEscrita;
    }

    /** Whether a request with this HTTP method takes from the write quota too. */
    public static boolean escrita(String metodo) {
        return ESCRITAS.contains(metodo);
    }

    /**
     * Admits a request made with the token whose SHA-256 is {@code hash}: empty when no token has that hash or it
     * was revoked (401, nothing charged), else its store and its quota decision.
     */
    public Optional<Entrada> entrar(byte[] hash, boolean escrita) {
        return lotes.executar(HexFormat.of().formatHex(hash), escrita);
    }

    /** Requests of the token whose SHA-256 is {@code hash} waiting for the next charge on this node (for tests). */
    int esperando(byte[] hash) {
        return lotes.esperando(HexFormat.of().formatHex(hash));
    }

    private List<Optional<Entrada>> cobrar(String hash, List<Boolean> pedidos) {
        long escritas = pedidos.stream().filter(Boolean::booleanValue).count();
        MapSqlParameterSource parametros = new MapSqlParameterSource("hash", HexFormat.of().parseHex(hash))
                .addValue("janela", JANELA.toSeconds()).addValue("limiteTotal", limiteTotal)
                .addValue("limiteEscrita", limiteEscrita).addValue("escritas", escritas)
                .addValue("leituras", pedidos.size() - escritas).addValue("pedidos", pedidos.size());
        List<Cobranca> cobrancas = jdbc.query(COBRAR, parametros, (rs, i) -> new Cobranca(rs.getString("id"),
                rs.getString("loja_id"), rs.getLong("total"), rs.getLong("escrita"), rs.getLong("escritas"),
                rs.getLong("leituras"), rs.getLong("segundos"), Lsn.ler(rs.getString("lsn_escrita"))));
        if (cobrancas.isEmpty()) {
            return pedidos.stream().map(p -> Optional.<Entrada>empty()).toList();
        }
        Cobranca cobranca = cobrancas.get(0);
        List<Optional<Entrada>> entradas = new ArrayList<>(pedidos.size());
        long escritasVistas = 0;
        long leiturasVistas = 0;
        for (boolean escrita : pedidos) {
            Decisao decisao = escrita ? deEscrita(cobranca, escritasVistas++) : deLeitura(cobranca, leiturasVistas++);
            entradas.add(Optional.of(new Entrada(cobranca.tokenId(), cobranca.lojaId(), decisao,
                    cobranca.lsnDaEscrita())));
        }
        return entradas;
    }

    /**
     * One statement's charge: before it, {@code total} requests and {@code escrita} writes were left in a window that
     * ends in {@code segundos}; it granted the first {@code escritas} writes and the first {@code leituras} reads.
     */
    private record Cobranca(String tokenId, String lojaId, long total, long escrita, long escritas, long leituras,
                            long segundos, long lsnDaEscrita) {
    }

    private Decisao deEscrita(Cobranca c, long i) {
        if (i < c.escritas()) {
            long restantesTotal = c.total() - (i + 1);
            long restantesEscrita = c.escrita() - (i + 1);
            return new Decisao(true, limiteTotal, Math.min(restantesTotal, restantesEscrita), c.segundos(), 0, true,
                    limiteEscrita, restantesEscrita);
        }
        // Writes come first: a write refused while the total still had room was refused by the write quota.
        boolean porEscrita = c.total() > c.escritas();
        return new Decisao(false, limiteTotal, 0, c.segundos(), c.segundos(), porEscrita, limiteEscrita,
                porEscrita ? 0 : -1);
    }

    private Decisao deLeitura(Cobranca c, long j) {
        if (j < c.leituras()) {
            return new Decisao(true, limiteTotal, c.total() - c.escritas() - (j + 1), c.segundos(), 0, false,
                    limiteEscrita, -1);
        }
        return new Decisao(false, limiteTotal, 0, c.segundos(), c.segundos(), false, limiteEscrita, -1);
    }
}
