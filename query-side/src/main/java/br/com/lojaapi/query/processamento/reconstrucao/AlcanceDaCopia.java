package br.com.lojaapi.query.processamento.reconstrucao;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.axonframework.eventhandling.EventHandlerInvoker;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.Segment;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.messaging.ResultMessage;
import org.axonframework.messaging.unitofwork.BatchingUnitOfWork;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.orm.jpa.EntityManagerFactoryUtils;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Brings a read model's copy up to a position of the event store, in the caller's transaction, with the
 * projection's own handlers: what closes the window between the copy reaching the head and the swap. Without it
 * the events written meanwhile were in the live tables but not in the copy, and reads between the swap and the
 * live processor's next batch missed them (a new order answered 404 right after its POST).
 */
@Component
class AlcanceDaCopia {

    private static final Logger LOG = LoggerFactory.getLogger(AlcanceDaCopia.class);
    private static final Duration ESPERA_POR_INSTANTANEOS = Duration.ofSeconds(10);

    private final EventStorageEngine armazenamento;
    private final EntityManagerFactory entidades;
    private final JdbcTemplate jdbc;

    AlcanceDaCopia(EventStorageEngine armazenamento, EntityManagerFactory entidades, JdbcTemplate jdbc) {
        this.armazenamento = armazenamento;
        this.entidades = entidades;
        this.jdbc = jdbc;
    }

    /** Where the copy must start again to miss nothing: its lowest gap, else the event after its position. */
    static long inicio(TrackingToken posicao) {
        if (posicao == null) {
            return 0;
        }
        if (posicao instanceof GapAwareTrackingToken comLacunas && comLacunas.hasGaps()) {
            return comLacunas.getGaps().first();
        }
        return posicao.position().orElse(-1) + 1;
    }

    /**
     * Applies every event stored with a global index from {@code desde} to {@code ate} to the copies, in one unit
     * of work of the caller's transaction (the copies' schema first on its search path meanwhile). Events the copy
     * already holds are applied again, which the projections' version guards make harmless. Returns where the
     * next catch-up must start: the first index of the range that had no committed event (a transaction still
     * open, or one that rolled back), else {@code ate + 1}.
     */
    long aplicar(String processador, EventHandlerInvoker tratadores, long desde, long ate) {
        if (ate < desde) {
            return desde;
        }
        List<TrackedEventMessage<?>> eventos = new ArrayList<>();
        TrackingToken antes = desde <= 0 ? null : GapAwareTrackingToken.newInstance(desde - 1, List.of());
        try (Stream<? extends TrackedEventMessage<?>> lidos = armazenamento.readEvents(antes, false)) {
            lidos.takeWhile(evento -> posicao(evento) <= ate).forEach(eventos::add);
        }
        String caminho = jdbc.queryForObject("SELECT current_setting('search_path')", String.class);
        jdbc.queryForObject("SELECT set_config('search_path', ?, true)", String.class,
                            Esquemas.citado(Esquemas.daCopia(processador)) + ", " + caminho);
        try {
            aplicar(tratadores, eventos);
        } finally {
            jdbc.queryForObject("SELECT set_config('search_path', ?, true)", String.class, caminho);
        }
        long esperado = desde;
        for (TrackedEventMessage<?> evento : eventos) {
            if (posicao(evento) > esperado) {
                return esperado;
            }
            esperado = posicao(evento) + 1;
        }
        return esperado;
    }

    /**
     * Applies {@code eventos} with the projection's handlers, in one unit of work of the caller's transaction, to
     * whatever tables its search path names first.
     */
    void aplicar(EventHandlerInvoker tratadores, List<TrackedEventMessage<?>> eventos) {
        if (eventos.isEmpty()) {
            return;
        }
        // a unit of work as the processors have, so handlers that write at prepare-commit (pedido-view) do so here
        BatchingUnitOfWork<TrackedEventMessage<?>> lote = new BatchingUnitOfWork<>(eventos);
        ResultMessage<Object> resultado = lote.executeWithResult(() -> {
            EventMessage<?> evento = lote.getMessage();
            if (tratadores.canHandle(evento, Segment.ROOT_SEGMENT)) {
                tratadores.handle(evento, Segment.ROOT_SEGMENT);
            }
            return null;
        });
        if (resultado.isExceptional()) {
            throw new IllegalStateException("A projeção falhou ao alcançar a cabeça na troca",
                                            resultado.exceptionResult());
        }
        // JPA projections write at flush: into the copies, while they are first on the search path
        EntityManager sessao = EntityManagerFactoryUtils.getTransactionalEntityManager(entidades);
        if (sessao != null) {
            sessao.flush();
            sessao.clear();
        }
    }

    /**
     * Waits until no session of this database holds a snapshot taken before the transaction {@code xid} committed
     * (their xmin is at or before it), at most {@link #ESPERA_POR_INSTANTANEOS}: from then on every reader sees
     * what that transaction wrote into the copies. Needs the sessions to be visible in pg_stat_activity (the same
     * role, or pg_read_all_stats).
     */
    void aguardarInstantaneosAnteriores(String xid) {
        long limite = System.nanoTime() + ESPERA_POR_INSTANTANEOS.toNanos();
        while (Boolean.TRUE.equals(jdbc.queryForObject("""
                SELECT EXISTS (SELECT 1 FROM pg_stat_activity
                                WHERE pid <> pg_backend_pid() AND datname = current_database()
                                  AND backend_xmin IS NOT NULL AND age(backend_xmin) >= age(?::xid))""",
                Boolean.class, xid))) {
            if (System.nanoTime() > limite) {
                LOG.warn("Há transações abertas desde antes do fim da cópia há mais de {}; a troca segue sem"
                         + " esperá-las", ESPERA_POR_INSTANTANEOS);
                return;
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static long posicao(TrackedEventMessage<?> evento) {
        return evento.trackingToken().position().orElse(-1);
    }
}
