package br.com.lojaapi.query.sincronia;

import br.com.lojaapi.query.comum.PosicaoDaLeitura;
import org.axonframework.common.AxonThreadFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * How far the event store's global indexes are settled: up to {@link #ate()}, every index either holds a committed
 * event or never will. An index is taken by {@code nextval} inside the INSERT of an event, in a transaction that
 * may still be open (a gap that will fill) or that rolled back, or failed after taking it (a gap for good). Nothing
 * in the table tells the two apart; the transactions do.
 * <p>
 * Every {@code loja.sincronia.intervalo-ms} (100 ms) this node reads, in two statements of their own (pg_stat_activity
 * is a snapshot per transaction), first the sequence's last value {@code V}, then the transactions open in this
 * database, each as {@code (pid, xact_start)}. An index up to {@code V} was taken before the first read, by a
 * transaction that had started by then; if it has not ended, it is in that set. Once none of the set is still open
 * (its session gone or in another transaction), every index up to {@code V} is settled. PostgreSQL clears
 * {@code xact_start} only at the end of the commit, after the commit became visible to new snapshots, so a snapshot
 * taken after that sees every event up to {@code V} that will ever exist. The sequence is not transactional and
 * hands out one value at a time (CACHE 1, V1), so its last value is the highest index taken.
 * <p>
 * Every node reaches the same facts from the shared database; each keeps its own, in memory. A transaction held
 * open for long (by anything, since PostgreSQL does not say which sessions may insert events) only delays the
 * settling of gaps taken after it started; a commit is still seen at once. It needs every session that may write
 * events to be visible in pg_stat_activity: the same role, or one with pg_read_all_stats.
 */
@Component
class LacunasEncerradas implements SmartLifecycle {

    private static final Logger LOG = LoggerFactory.getLogger(LacunasEncerradas.class);
    /** Rounds waiting for their transactions: a long one holds every round after it, and the newest say most. */
    private static final int RODADAS = 64;

    private record Transacao(int pid, long inicio) {
    }

    /** Every index up to {@code indice} is settled once none of {@code abertas} is open. */
    private record Rodada(long indice, Set<Transacao> abertas, long iniciadaEm) {
    }

    /** A round waiting this long names the transactions it waits for in the log, once a minute at most. */
    private static final long AVISO_NANOS = TimeUnit.SECONDS.toNanos(30);

    /**
     * With read replicas (decision 074), the bounds reached lately, each with the primary's WAL position read after
     * it was reached: a standby that has replayed that position sees every commit the bound counts on. Oldest first;
     * touched by the scheduled task, read under its lock by requests.
     */
    private static final int MARCAS = 256;
    private final ArrayDeque<long[]> marcas = new ArrayDeque<>();
    private final boolean comReplicas;
    private final JdbcTemplate jdbc;
    private final long intervaloMs;
    /** Touched only by the scheduled task. */
    private final List<Rodada> pendentes = new ArrayList<>();
    private volatile long ate;
    private long ultimoAviso = System.nanoTime() - 2 * AVISO_NANOS;
    private volatile ScheduledExecutorService agenda;

    LacunasEncerradas(JdbcTemplate jdbc, @Value("${loja.sincronia.intervalo-ms:100}") long intervaloMs,
                      @Value("${loja.banco.replicas:}") String replicas) {
        this.jdbc = jdbc;
        this.intervaloMs = intervaloMs;
        this.comReplicas = !replicas.isBlank();
    }

    /**
     * Every global index up to this is settled (0 before the first round ends: indexes start at 1), for a read on
     * the primary; for a read on a standby ({@link PosicaoDaLeitura}), the highest bound whose commits it has
     * replayed, 0 if none: an index the primary settled as committed may not have reached the standby yet, and would
     * look like a gap there.
     */
    long ate() {
        OptionalLong replica = PosicaoDaLeitura.atual();
        if (replica.isEmpty()) {
            return ate;
        }
        long reproduzida = replica.getAsLong();
        synchronized (marcas) {
            long melhor = 0;
            for (long[] marca : marcas) {
                if (marca[1] <= reproduzida) {
                    melhor = Math.max(melhor, marca[0]);
                }
            }
            return melhor;
        }
    }

    void rodar() {
        try {
            Long ultimo = jdbc.queryForObject("""
                    SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END
                      FROM domain_event_entry_global_index_seq""", Long.class);
            Set<Transacao> abertas = new HashSet<>(jdbc.query("""
                    SELECT pid, (extract(epoch FROM xact_start) * 1000000)::bigint FROM pg_stat_activity
                     WHERE datname = current_database() AND backend_type = 'client backend'
                       AND pid <> pg_backend_pid() AND xact_start IS NOT NULL""",
                    (rs, i) -> new Transacao(rs.getInt(1), rs.getLong(2))));
            long encerrado = ate;
            for (Rodada rodada : pendentes) {
                if (Collections.disjoint(rodada.abertas(), abertas)) {
                    encerrado = Math.max(encerrado, rodada.indice());
                }
            }
            if (abertas.isEmpty() && ultimo != null) {
                encerrado = Math.max(encerrado, ultimo);
            }
            long ja = encerrado;
            pendentes.removeIf(rodada -> rodada.indice() <= ja);
            if (ultimo != null && ultimo > encerrado) {
                if (pendentes.size() == RODADAS) {
                    pendentes.remove(pendentes.size() - 1);
                }
                pendentes.add(new Rodada(ultimo, abertas, System.nanoTime()));
            }
            if (comReplicas && encerrado > ate) {
                // Read after the transactions above were seen ended: past their commit records.
                String lsn = jdbc.queryForObject("SELECT pg_current_wal_insert_lsn()::text", String.class);
                synchronized (marcas) {
                    if (marcas.size() == MARCAS) {
                        marcas.removeFirst();
                    }
                    marcas.addLast(new long[]{encerrado, lsn(lsn)});
                }
            }
            ate = encerrado;
            avisarSeParada(abertas);
        } catch (DataAccessException erro) {
            LOG.debug("Leitura das transações abertas falhou; tenta de novo na próxima rodada", erro);
        }
    }

    /**
     * An operator's clue: a transaction left open (a stuck session, a long report) keeps gaps of rolled-back writes
     * from settling, and so holds incremental sync back behind them.
     */
    private void avisarSeParada(Set<Transacao> abertas) {
        long agora = System.nanoTime();
        if (pendentes.isEmpty() || agora - pendentes.get(0).iniciadaEm() < AVISO_NANOS
            || agora - ultimoAviso < 2 * AVISO_NANOS) {
            return;
        }
        ultimoAviso = agora;
        List<Integer> pids = pendentes.get(0).abertas().stream().filter(abertas::contains).map(Transacao::pid)
                                      .sorted().toList();
        LOG.warn("Transações abertas há mais de {} s (pids {} no PostgreSQL): até terminarem, a sincronia incremental"
                 + " não passa de um índice do event store deixado por uma escrita desfeita depois do global index {}",
                 TimeUnit.NANOSECONDS.toSeconds(agora - pendentes.get(0).iniciadaEm()), pids, ate);
    }

    /** {@code 16/B374D848} as a number that orders as PostgreSQL orders WAL positions. */
    private static long lsn(String texto) {
        int barra = texto.indexOf('/');
        return (Long.parseLong(texto.substring(0, barra), 16) << 32) | Long.parseLong(texto.substring(barra + 1), 16);
    }

    @Override
    public void start() {
        Boolean registra = jdbc.queryForObject("SELECT current_setting('track_activities')::boolean", Boolean.class);
        if (!Boolean.TRUE.equals(registra)) {
            // without it pg_stat_activity shows no transaction: nothing could ever be settled safely
            LOG.error("track_activities está desligado no PostgreSQL: a sincronia incremental não passará de uma"
                      + " escrita desfeita até que seja ligado");
            return;
        }
        agenda = Executors.newSingleThreadScheduledExecutor(new AxonThreadFactory("lacunas-encerradas"));
        agenda.scheduleWithFixedDelay(this::rodar, 0, intervaloMs, TimeUnit.MILLISECONDS);
    }

    @Override
    public void stop() {
        ScheduledExecutorService agenda = this.agenda;
        if (agenda != null) {
            agenda.shutdown();
            this.agenda = null;
        }
    }

    @Override
    public boolean isRunning() {
        return agenda != null;
    }
}
