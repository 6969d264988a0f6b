package br.com.lojaapi.command.entrega;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.CannotCreateTransactionException;

import java.util.Map;

/**
 * Vacuums the send queue ({@code webhook_envio}) as soon as it holds a few thousand dead rows. Every attempt is a row
 * inserted, updated twice and deleted within a second or so, and none of those updates can be HOT (they move the row
 * between the partial indexes), so a fan-out of a thousand deliveries a second leaves about four thousand dead row
 * versions a second in the table and its indexes. Autovacuum looks at a database once a minute
 * ({@code autovacuum_naptime}, a server setting this service cannot count on), and in between every claim, release
 * and deletion walks the dead entries: measured under such a fan-out, a statement that frees expired leases visited
 * 20,000 dead index entries and took 20 ms, against well under a millisecond on a vacuumed table.
 * <p>
 * Once a second it reads the table's counts from {@code pg_stat_user_tables} and vacuums when the dead rows are at
 * least {@link #LIMIAR} and a quarter of the live ones (a backlog of a million rows is not scanned for a few thousand
 * dead ones), and only when they grew by that much since its last vacuum (a long transaction elsewhere keeps dead
 * rows from being removed; vacuuming again would not help). {@code SKIP_LOCKED}:
 * with several nodes, one that finds another's vacuum running skips its turn. A vacuum of this table takes
 * milliseconds.
 */
@Component
public class LimpezaDaFila {

    private static final Logger log = LoggerFactory.getLogger(LimpezaDaFila.class);
    /** Dead rows that make a vacuum worth it: a few seconds of a busy fan-out, a few ms of vacuum. */
    static final long LIMIAR = 5_000;

    private final JdbcTemplate jdbc;
    /** Dead rows the last vacuum left (those it could not remove yet). */
    private long deixadas;
    /** A failure other than the database being away was logged (once, until a vacuum works again). */
    private boolean avisado;

    LimpezaDaFila(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @Scheduled(fixedDelay = 1000, initialDelay = 1000)
    void limpar() {
        try {
            if (limparSeFaltar()) {
                avisado = false;
            }
        } catch (DataAccessResourceFailureException | TransientDataAccessException
                 | CannotCreateTransactionException e) {
            // the database is away: its outage is logged once, elsewhere; the next round tries again
            log.debug("Limpeza da fila de webhooks adiada", e);
        } catch (DataAccessException e) {
            if (!avisado) {
                log.warn("Limpeza da fila de webhooks falhou; o autovacuum do banco continua a cuidar dela", e);
                avisado = true;
            }
        }
    }

    /** Vacuums the queue if it is due; whether it did. */
    boolean limparSeFaltar() {
        Map<String, Object> contagem = jdbc.queryForMap("""
                SELECT n_live_tup AS vivas, n_dead_tup AS mortas FROM pg_stat_user_tables
                 WHERE relid = to_regclass('webhook_envio')""");
        long vivas = ((Number) contagem.get("vivas")).longValue();
        long mortas = ((Number) contagem.get("mortas")).longValue();
        if (mortas < Math.max(LIMIAR, vivas / 4) || mortas - deixadas < LIMIAR) {
            return false;
        }
        jdbc.execute("VACUUM (SKIP_LOCKED) webhook_envio");
        Number depois = jdbc.queryForObject("""
                SELECT n_dead_tup FROM pg_stat_user_tables WHERE relid = to_regclass('webhook_envio')""", Number.class);
        deixadas = depois == null ? 0 : depois.longValue();
        return true;
    }
}
