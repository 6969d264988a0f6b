package br.com.lojaapi.command.entrega;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The send queue ({@code webhook_envio}) and each endpoint's health and circuit ({@code webhook_saude}), shared by
 * the nodes through the database (decision 072). Rows are written in the transaction of the event that scheduled the
 * attempt, claimed in batches fairly across endpoints, and deleted in the transaction that records the outcomes.
 */
@Component
public class FilaDeWebhooks {

    /** One attempt due, as claimed. {@code evento} and {@code corpo} are null when the queue did not copy them. */
    record Envio(String id, String entregaId, int serie, int tentativa, String webhookId, String lojaId,
                 String evento, String corpo) {
    }

    /**
     * What a batch of recorded outcomes did to one endpoint, in the order they ended: failures after its last
     * success ({@code falhas}, the first of them ending at {@code primeiraFalha}), and when it last succeeded and
     * failed in the batch (null when it did not).
     */
    record Balanco(String lojaId, int falhas, Instant primeiraFalha, Instant ultimoSucesso, Instant ultimaFalha) {
    }

    /**
     * What a claim took, and the ended attempts whose slots it could not give back because a recording held their
     * rows (it is deleting them; should it not, the next claim gives them back).
     */
    record Reivindicacao(List<Envio> envios, List<String> adiadas) {
    }

    /** An endpoint's health as the store and the operator see it. */
    public record Saude(String webhookId, String lojaId, String circuito, int falhasSeguidas, Instant ultimoSucesso,
                        Instant ultimaFalha, Instant abertoDesde, Instant proximaSonda, long pendentes) {
    }

    /** The advisory lock the nodes' claims take turns on ("webhook-envio" in ASCII, as a number). */
    static final long TRAVA_DAS_REIVINDICACOES = 0x7765626877656e76L;

    /** How long after a circuit opens its first probe goes (at most the probe interval). */
    static final Duration PRIMEIRA_SONDA = Duration.ofSeconds(1);

    public static final String FECHADO = "FECHADO";
    public static final String ABERTO = "ABERTO";

    /**
     * The claim. Its last line reaches the chosen rows by primary key alone: the rows are free in the statement's
     * snapshot, and only a claim makes a free row held, claims taking turns on {@link #TRAVA_DAS_REIVINDICACOES}, so
     * there is nothing to check again there. With {@code AND e.tomado_por IS NULL} in that line, the planner could
     * reach them through the free rows' partial index instead, and did whenever the table's statistics were taken
     * while the queue was mostly held: it counted on one free row and compared every free row with every chosen
     * one, so under a fan-out asked for more than the node could send, with 40,000 free rows, a claim took 0.5-4.5 s,
     * the recording's deletions waited for it, and the node delivered a fifth of its rate until the load stopped.
     * {@code vagas} is materialized so each endpoint's calls in flight are counted once, not once for the filter
     * and again for the limit; they are counted through {@code webhook_envio_tomados_idx}, that endpoint's held
     * rows only (migration V31).
     */
    static final String REIVINDICAR = """
            WITH RECURSIVE destinos AS (
                (SELECT webhook_id FROM webhook_envio WHERE tomado_por IS NULL ORDER BY webhook_id LIMIT 1)
              UNION ALL
                SELECT (SELECT e.webhook_id FROM webhook_envio e
                         WHERE e.tomado_por IS NULL AND e.webhook_id > d.webhook_id ORDER BY e.webhook_id LIMIT 1)
                  FROM destinos d WHERE d.webhook_id IS NOT NULL
            ), vagas AS MATERIALIZED (
                SELECT d.webhook_id,
                       CASE WHEN s.aberto_desde IS NOT NULL THEN 1 ELSE ? END
                       - (SELECT count(*) FROM webhook_envio c
                           WHERE c.webhook_id = d.webhook_id AND c.tomado_por IS NOT NULL
                             AND c.tomado_ate <= now() + ? * interval '1 millisecond') AS n
                  FROM destinos d
                  LEFT JOIN webhook_saude s ON s.webhook_id = d.webhook_id
                 WHERE d.webhook_id IS NOT NULL
                   AND (s.aberto_desde IS NULL OR d.webhook_id = ANY (?::text[]))
            ), escolhidos AS (
                SELECT x.id FROM vagas v CROSS JOIN LATERAL (
                    SELECT e.id, row_number() OVER (ORDER BY e.devido_em, e.id) AS ordem
                      FROM webhook_envio e
                     WHERE e.webhook_id = v.webhook_id AND e.tomado_por IS NULL AND e.devido_em <= now()
                     ORDER BY e.devido_em, e.id LIMIT v.n) x
                 WHERE v.n > 0
                 ORDER BY x.ordem, x.id
                 LIMIT ?
            )
            UPDATE webhook_envio e SET tomado_por = ?, tomado_ate = now() + ? * interval '1 millisecond'
              FROM escolhidos WHERE e.id = escolhidos.id
            RETURNING e.id, e.entrega_id, e.serie, e.tentativa, e.webhook_id, e.loja_id, e.evento, e.corpo""";


    /** How often a claim also frees the rows whose lease ran out. */
    private static final long VARREDURA_NS = 1_000_000_000L;

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transacao;
    /** When a claim last freed expired leases ({@link System#nanoTime}); claims come from one thread per node. */
    private volatile long ultimaVarredura = System.nanoTime() - VARREDURA_NS;

    FilaDeWebhooks(JdbcTemplate jdbc, TransactionTemplate transacao) {
        this.jdbc = jdbc;
        this.transacao = transacao;
    }

    private static final String ENFILEIRAR = """
            INSERT INTO webhook_envio (id, entrega_id, serie, tentativa, webhook_id, loja_id, evento, corpo, devido_em)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, now()) ON CONFLICT (id) DO NOTHING""";

    /**
     * Queues an attempt due now; queuing the same attempt twice queues it once. Inside a transaction the row is
     * written just before it commits, with every other attempt it queued, in one JDBC batch (a fan-out event starts
     * a delivery per webhook, and a processor's batch holds many events; decision 075); outside one, at once.
     */
    void enfileirar(String entregaId, int serie, int tentativa, String webhookId, String lojaId, String evento,
                    String corpo) {
        Object[] linha = {entregaId + "/" + serie + "/" + tentativa, entregaId, serie, tentativa, webhookId, lojaId,
                evento, corpo};
        if (!TransactionSynchronizationManager.isSynchronizationActive()) {
            jdbc.update(ENFILEIRAR, linha);
            return;
        }
        @SuppressWarnings("unchecked")
        List<Object[]> linhas = (List<Object[]>) TransactionSynchronizationManager.getResource(this);
        if (linhas == null) {
            List<Object[]> novas = new ArrayList<>();
            linhas = novas;
            TransactionSynchronizationManager.bindResource(this, novas);
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void beforeCommit(boolean readOnly) {
                    TransactionSynchronizationManager.unbindResource(FilaDeWebhooks.this);
                    jdbc.batchUpdate(ENFILEIRAR, novas);
                }

                @Override
                public void afterCompletion(int status) {
                    TransactionSynchronizationManager.unbindResourceIfPossible(FilaDeWebhooks.this);
                }
            });
        }
        linhas.add(linha);
    }

    /**
     * Claims for node {@code no}, for {@code prazo}, at most {@code lote} due attempts: per endpoint at most its free
     * slots ({@code porDestino} less the attempts any node holds now), oldest first, taken round-robin across
     * endpoints. An endpoint whose circuit is open gets nothing, except one probe when its time has come: the probe's
     * time is pushed past the lease in the same transaction, so one node sends it. Claims of all nodes take turns
     * (a transaction-scoped advisory lock), so the slots are exact across nodes; a claim takes a few milliseconds.
     * <p>
     * First the slots of {@code liberadas}, attempts whose call has ended, are given back: their rows stay held by
     * this node until their outcome is recorded, but for {@code aposOEnvio} (longer than {@code prazo}, which is how
     * the slots tell them from calls in flight), so an endpoint's slots count its calls in flight, not the
     * recording's backlog. Should this node die before recording them, they are sent again once that runs out.
     * <p>
     * A claim never waits for a row or health row that a recording holds: it skips them (a recording holding an
     * attempt's row is deleting it; one holding an endpoint's health is changing it, and the probe goes at a later
     * claim). Waiting for them deadlocked: the recording deletes rows whose slots a claim is giving back, and each
     * locked some of them first, so every node's deliveries stopped for PostgreSQL's deadlock timeout (1 s) and the
     * second the sender waits after a failed claim (decision 086).
     */
    Reivindicacao reivindicar(String no, Collection<String> liberadas, int porDestino, int lote, Duration prazo,
                              Duration aposOEnvio) {
        Reivindicacao feita = transacao.execute(status -> {
            jdbc.queryForObject("SELECT pg_advisory_xact_lock(?)", Object.class, TRAVA_DAS_REIVINDICACOES);
            // Planned for the queue as it is now, at every claim (1-2 ms over 50 endpoints). A generic plan is made
            // once per connection and kept until the table's statistics change: made while the queue was nearly empty,
            // it scans every free row and sorts each endpoint's, so a claim over 30,000 rows took 2 s instead of
            // 11 ms, the sender fell behind, the queue grew, and the claim slowed further.
            jdbc.execute("SET LOCAL plan_cache_mode = force_custom_plan");
            List<String> adiadas = liberadas.isEmpty() ? List.of() : jdbc.query(con -> {
                var sql = con.prepareStatement(LIBERAR);
                sql.setArray(1, con.createArrayOf("text", liberadas.toArray()));
                sql.setString(2, no);
                sql.setLong(3, aposOEnvio.toMillis());
                return sql;
            }, (rs, i) -> rs.getString(1));
            // claims of a node that died (or gave up) are free again once their lease has run out: looked for once
            // a second, not at every claim (tens a second under load), since a lease is tens of seconds anyway
            long agora = System.nanoTime();
            if (agora - ultimaVarredura >= VARREDURA_NS) {
                ultimaVarredura = agora;
                jdbc.update("""
                        UPDATE webhook_envio SET tomado_por = NULL, tomado_ate = NULL
                         WHERE id IN (SELECT id FROM webhook_envio WHERE tomado_por IS NOT NULL AND tomado_ate < now()
                                         FOR UPDATE SKIP LOCKED)""");
            }
            List<String> sondas = jdbc.queryForList("""
                    UPDATE webhook_saude s SET sonda_em = now() + ? * interval '1 millisecond'
                     WHERE s.webhook_id IN (
                           SELECT h.webhook_id FROM webhook_saude h
                            WHERE h.aberto_desde IS NOT NULL AND h.sonda_em <= now()
                              AND EXISTS (SELECT 1 FROM webhook_envio e WHERE e.webhook_id = h.webhook_id
                                             AND e.tomado_por IS NULL AND e.devido_em <= now())
                              FOR UPDATE OF h SKIP LOCKED)
                    RETURNING s.webhook_id""", String.class, prazo.toMillis());
            List<Envio> envios = jdbc.query(con -> {
                var sql = con.prepareStatement(REIVINDICAR);
                sql.setInt(1, porDestino);
                sql.setLong(2, prazo.toMillis());
                sql.setArray(3, con.createArrayOf("text", sondas.toArray()));
                sql.setInt(4, lote);
                sql.setString(5, no);
                sql.setLong(6, prazo.toMillis());
                return sql;
            }, (rs, i) -> new Envio(rs.getString(1), rs.getString(2), rs.getInt(3), rs.getInt(4), rs.getString(5),
                    rs.getString(6), rs.getString(7), rs.getString(8)));
            return new Reivindicacao(envios, adiadas);
        });
        return feita == null ? new Reivindicacao(List.of(), List.of()) : feita;
    }

    /**
     * Gives back the slots of ended attempts still held by this node, skipping rows a recording holds, and returns
     * those it skipped: seen in the statement's snapshot, not updated. Rows a recording has deleted meanwhile are
     * skipped too and returned once; at the next claim they are no longer seen.
     */
    static final String LIBERAR = """
            WITH pedidas AS (
                SELECT id FROM webhook_envio WHERE id = ANY (?) AND tomado_por = ?
            ), travadas AS (
                SELECT e.id FROM webhook_envio e JOIN pedidas p ON p.id = e.id FOR UPDATE OF e SKIP LOCKED
            ), liberadas AS (
                UPDATE webhook_envio e SET tomado_ate = now() + ? * interval '1 millisecond'
                  FROM travadas t WHERE e.id = t.id RETURNING e.id
            )
            SELECT id FROM pedidas WHERE id NOT IN (SELECT id FROM liberadas)""";

    /** The attempts whose outcome was recorded leave the queue (in the recording's transaction). */
    void concluir(Collection<String> ids) {
        jdbc.update(con -> {
            var sql = con.prepareStatement("DELETE FROM webhook_envio WHERE id = ANY (?)");
            sql.setArray(1, con.createArrayOf("text", ids.toArray()));
            return sql;
        });
    }

    /**
     * Applies a batch's outcomes to the endpoints' health, in webhook order (so two batches lock rows in one order).
     * A success resets the consecutive failures and closes the circuit. The circuit opens when an endpoint has
     * failed {@code limiar} times in a row for at least {@code janela} (a burst shorter than that never opens it).
     * The first probe goes {@link #PRIMEIRA_SONDA} after it opens; while open, every failure puts the next probe as
     * far away as the circuit has been open, at most {@code intervalo}: the waits double, so a receiver that was
     * back within seconds is found within seconds, and one that stays down is probed every {@code intervalo}
     * (decision 084).
     */
    void registrarSaude(Map<String, Balanco> balancos, int limiar, Duration janela, Duration intervalo) {
        if (balancos.isEmpty()) {
            return;
        }
        List<String> webhooks = balancos.keySet().stream().sorted().toList();
        jdbc.batchUpdate("""
                INSERT INTO webhook_saude AS s (webhook_id, loja_id, falhas_seguidas, ultimo_sucesso, ultima_falha,
                                                falhando_desde)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (webhook_id) DO UPDATE SET
                    falhas_seguidas = CASE WHEN excluded.ultimo_sucesso IS NOT NULL THEN excluded.falhas_seguidas
                                           ELSE s.falhas_seguidas + excluded.falhas_seguidas END,
                    falhando_desde = CASE WHEN excluded.ultimo_sucesso IS NOT NULL THEN excluded.falhando_desde
                                          ELSE coalesce(s.falhando_desde, excluded.falhando_desde) END,
                    ultimo_sucesso = greatest(s.ultimo_sucesso, excluded.ultimo_sucesso),
                    ultima_falha = greatest(s.ultima_falha, excluded.ultima_falha)""",
                webhooks.stream().map(w -> {
                    Balanco b = balancos.get(w);
                    return new Object[]{w, b.lojaId(), b.falhas(), momento(b.ultimoSucesso()),
                            momento(b.ultimaFalha()), momento(b.primeiraFalha())};
                }).toList());
        jdbc.update(con -> {
            var sql = con.prepareStatement("""
                    UPDATE webhook_saude SET
                        aberto_desde = CASE WHEN falhas_seguidas = 0 THEN NULL
                                            WHEN aberto_desde IS NOT NULL THEN aberto_desde
                                            WHEN falhas_seguidas >= ? AND falhando_desde <= now() - ? * interval '1 millisecond'
                                                THEN now() END,
                        sonda_em = CASE WHEN falhas_seguidas = 0 THEN NULL
                                        WHEN aberto_desde IS NOT NULL
                                            THEN now() + least(? * interval '1 millisecond',
                                                               greatest(? * interval '1 millisecond', now() - aberto_desde))
                                        WHEN falhas_seguidas >= ? AND falhando_desde <= now() - ? * interval '1 millisecond'
                                            THEN now() + least(? * interval '1 millisecond', ? * interval '1 millisecond') END
                     WHERE webhook_id = ANY (?)""");
            long primeira = PRIMEIRA_SONDA.toMillis();
            sql.setInt(1, limiar);
            sql.setLong(2, janela.toMillis());
            sql.setLong(3, intervalo.toMillis());
            sql.setLong(4, primeira);
            sql.setInt(5, limiar);
            sql.setLong(6, janela.toMillis());
            sql.setLong(7, intervalo.toMillis());
            sql.setLong(8, primeira);
            sql.setArray(9, con.createArrayOf("text", webhooks.toArray()));
            return sql;
        });
    }

    /** Closes an endpoint's circuit by hand (a recovery asked for by the store): its attempts go out at once. */
    public void fecharCircuito(String webhookId) {
        jdbc.update("""
                UPDATE webhook_saude SET falhas_seguidas = 0, falhando_desde = NULL, aberto_desde = NULL, sonda_em = NULL
                 WHERE webhook_id = ? AND (aberto_desde IS NOT NULL OR falhas_seguidas > 0)""", webhookId);
    }

    /** One endpoint's health; a webhook that never had an attempt is healthy with nothing pending. */
    public Saude saude(String webhookId, String lojaId) {
        return saudes(lojaId, List.of(webhookId)).getOrDefault(webhookId, saudavel(webhookId, lojaId));
    }

    /** The health of the given webhooks of a store, in one statement. */
    public Map<String, Saude> saudes(String lojaId, Collection<String> webhookIds) {
        Map<String, Saude> saudes = new java.util.HashMap<>();
        jdbc.query(con -> {
            var sql = con.prepareStatement(SAUDE + " WHERE w.id = ANY (?) AND w.loja_id = ?");
            sql.setArray(1, con.createArrayOf("text", webhookIds.toArray()));
            sql.setString(2, lojaId);
            return sql;
        }, (org.springframework.jdbc.core.RowCallbackHandler) rs -> {
            Saude s = saude(rs);
            saudes.put(s.webhookId(), s);
        });
        return saudes;
    }

    /**
     * Every endpoint's health for the operator, the least healthy first (open circuits, then most consecutive
     * failures, then biggest backlog), optionally only open circuits.
     */
    public List<Saude> todas(boolean soAbertos, int limite) {
        return jdbc.query(SAUDE + (soAbertos ? " WHERE s.aberto_desde IS NOT NULL" : "")
                          + " ORDER BY (s.aberto_desde IS NULL), s.falhas_seguidas DESC NULLS LAST, 9 DESC, w.id LIMIT ?",
                (rs, i) -> saude(rs), limite);
    }

    /** webhook_destino (the command side's own) so that a webhook with no health row yet is listed too. */
    private static final String SAUDE = """
            SELECT w.id, w.loja_id, s.falhas_seguidas, s.ultimo_sucesso, s.ultima_falha, s.aberto_desde, s.sonda_em,
                   NULL, (SELECT count(*) FROM webhook_envio e WHERE e.webhook_id = w.id AND e.tomado_por IS NULL)
                         + (SELECT count(*) FROM webhook_envio e WHERE e.webhook_id = w.id AND e.tomado_por IS NOT NULL)
              FROM (SELECT webhook_id AS id, loja_id FROM webhook_destino WHERE removido_em IS NULL) w
              LEFT JOIN webhook_saude s ON s.webhook_id = w.id""";

    private static Saude saude(java.sql.ResultSet rs) throws java.sql.SQLException {
        Instant aberto = instante(rs.getTimestamp(6));
        return new Saude(rs.getString(1), rs.getString(2), aberto == null ? FECHADO : ABERTO, rs.getInt(3),
                instante(rs.getTimestamp(4)), instante(rs.getTimestamp(5)), aberto,
                aberto == null ? null : instante(rs.getTimestamp(7)), rs.getLong(9));
    }

    private static Saude saudavel(String webhookId, String lojaId) {
        return new Saude(webhookId, lojaId, FECHADO, 0, null, null, null, null, 0);
    }

    private static Instant instante(Timestamp t) {
        return Optional.ofNullable(t).map(Timestamp::toInstant).orElse(null);
    }

    private static Timestamp momento(Instant i) {
        return i == null ? null : Timestamp.from(i);
    }
}
