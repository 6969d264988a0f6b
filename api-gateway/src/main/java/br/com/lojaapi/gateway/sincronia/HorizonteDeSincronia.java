package br.com.lojaapi.gateway.sincronia;

import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.gateway.axon.EstadoDosProcessadores;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventhandling.WrappedToken;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Map;
import java.util.TreeSet;

/**
 * How far incremental sync may go: only rows changed before the horizon are handed out, so a cursor never passes
 * a change that becomes visible later with an earlier {@code atualizadoEm}:
 * <pre>horizon = min(now, start of the oldest open writing transaction,
 *               earliest instant of the model's events its projection has not applied) - margin</pre>
 * <ul>
 * <li>A write still uncommitted is an open transaction of PostgreSQL ({@code pg_stat_activity}, every node's
 * sessions): however long it is held, the horizon stays before it. {@link #ativas()} is read before the page's
 * snapshot is taken, so a write is either running then, or committed and visible to the page, or started
 * after it (and so has a later {@code atualizadoEm}).</li>
 * <li>A committed event the projection has not applied yet is found from the shared token table (every segment,
 * whichever node holds it; an event that committed late is a gap of the token): a stalled segment, a replay or a
 * slow node holds the horizon back for every node alike. Its time is the earliest instant in its payload (where
 * {@code atualizadoEm} and its kin are) or its own timestamp: a batch of 500 stock movements shares the
 * controller's one {@code atualizadoEm}, taken seconds before its last events are created. Read in the page's
 * snapshot.</li>
 * <li>The margin ({@code loja.sincronia.margem}, default 10 s) covers what no table shows: the time from taking
 * {@code atualizadoEm} (in the controller) to the command's transaction writing its first row, and the clock
 * difference between the nodes and PostgreSQL, whose clock is "now" so that every node computes the same.</li>
 * </ul>
 */
@Component
public class HorizonteDeSincronia {

    /**
     * Unhandled events of the model read, from the first on. A projection further behind is replaying or stalled,
     * and then the first of them are what hold the horizon back; past them the margin has to cover the rest.
     */
    private static final int JANELA = 10_000;
    /** An {@link Instant} as the events' JSON writes it. */
    private static final String INSTANTE = "'\"(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(?:\\.\\d+)?Z)\"'";

    private final EstadoDosProcessadores processadores;
    private final JdbcTemplate jdbc;
    private final Duration margem;

    HorizonteDeSincronia(EstadoDosProcessadores processadores, JdbcTemplate jdbc,
                         @Value("${loja.sincronia.margem:10s}") Duration margem) {
        this.processadores = processadores;
        this.jdbc = jdbc;
        this.margem = margem;
    }

    /** The model's projection, and the events that write its rows: those of its package in shared-events. */
    private record Projecao(String processador, String eventos) {
        static Projecao de(ModeloLeitura modelo) {
            return switch (modelo) {
                case PRODUTO -> new Projecao("produto-view", "br.com.lojaapi.coreapi.produto.%");
                case PEDIDO -> new Projecao("pedido-view", "br.com.lojaapi.coreapi.pedido.%");
                case CLIENTE -> new Projecao("cliente-view", "br.com.lojaapi.coreapi.cliente.%");
                default -> throw new IllegalArgumentException("Sem sincronia para " + modelo);
            };
        }
    }

    /**
     * PostgreSQL's now, or the start of the oldest transaction of another session that has written (holds a
     * transaction id) if earlier. Outside the page's transaction, and before it.
     */
    Instant ativas() {
        return jdbc.queryForObject("""
                SELECT least(clock_timestamp(), (SELECT min(xact_start) FROM pg_stat_activity
                                                  WHERE datname = current_database() AND pid <> pg_backend_pid()
                                                    AND backend_xid IS NOT NULL))""", Timestamp.class).toInstant();
    }

    /** The horizon, no later than {@code ativas}: in the page's transaction, before the page is read. */
    Instant ate(ModeloLeitura modelo, Instant ativas) {
        Projecao projecao = Projecao.de(modelo);
        Map<Integer, TrackingToken> segmentos = processadores.tokens(projecao.processador());
        long posicao = segmentos.isEmpty() ? -1 : Long.MAX_VALUE;
        TreeSet<Long> lacunas = new TreeSet<>();
        for (TrackingToken guardado : segmentos.values()) {
            TrackingToken token = guardado == null ? null : WrappedToken.unwrapLowerBound(guardado);
            if (token instanceof GapAwareTrackingToken lacunoso) {
                posicao = Math.min(posicao, lacunoso.getIndex());
                lacunas.addAll(lacunoso.getGaps());
            } else {
                posicao = Math.min(posicao, token == null ? -1 : token.position().orElse(-1));
            }
        }
        Timestamp naoTratado = jdbc.queryForObject("""
                WITH pendentes AS (
                    (SELECT time_stamp, payload FROM domain_event_entry WHERE global_index > ? AND payload_type LIKE ?
                      ORDER BY global_index LIMIT %d)
                    UNION ALL
                    SELECT time_stamp, payload FROM domain_event_entry
                     WHERE global_index = ANY(?::bigint[]) AND payload_type LIKE ?)
                SELECT min(least(time_stamp::timestamptz,
                                 (SELECT min(m[1]::timestamptz)
                                    FROM regexp_matches(convert_from(payload, 'UTF8'), %s, 'g') AS m)))
                  FROM pendentes""".formatted(JANELA, INSTANTE), Timestamp.class, posicao, projecao.eventos(), lista(lacunas),
                projecao.eventos());
        Instant limite = naoTratado == null || ativas.isBefore(naoTratado.toInstant()) ? ativas : naoTratado.toInstant();
        return limite.minus(margem);
    }

    private static String lista(Collection<Long> lacunas) {
        StringBuilder texto = new StringBuilder("{");
        lacunas.forEach(l -> texto.append(texto.length() > 1 ? "," : "").append(l));
        return texto.append('}').toString();
    }
}
