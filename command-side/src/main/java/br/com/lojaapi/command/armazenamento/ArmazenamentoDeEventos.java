package br.com.lojaapi.command.armazenamento;

import br.com.lojaapi.command.comum.LeituraAntecipada;
import org.axonframework.common.jdbc.JdbcUtils;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.eventhandling.DomainEventData;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.TrackedEventData;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventsourcing.eventstore.EventStoreException;
import org.axonframework.eventsourcing.eventstore.jdbc.EventSchema;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcEventStorageEngine;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Axon's JDBC event storage, loading an aggregate with one query instead of two. Axon reads the aggregate's
 * snapshots, then, in a second query, the events after the one it uses. Here the snapshots' query also returns the
 * first batch of events after the newest snapshot (or from the start, when there is none), in the same statement and
 * so the same view of the database; Axon's request for those events, which follows at once on the same thread, is
 * answered with them. Any other request (the newest snapshot was refused by the snapshot filter or could not be
 * read, so Axon asks from an older position) goes to the database as before.
 * <p>
 * The same query reads several aggregates at once ({@link #antecipar}): what it read is kept with the current
 * transaction, taken by the first load of each aggregate in it, and dropped when the transaction ends. For an
 * aggregate that {@link MemoriaDeAgregados} holds, it reads no snapshot, only the events after the version held,
 * which {@link RepositorioComMemoria} asks for next.
 * <p>
 * Each aggregate event read for the processors' streams is reported with its global index ({@link Lidos}): the
 * tracking token a handler gets does not carry it when the event filled a gap, and the read models record it.
 */
public class ArmazenamentoDeEventos extends JdbcEventStorageEngine implements LeituraAntecipada {

    /** The most events one read of the event store's producer returns ({@link #readEvents}). */
    public static final int LEITURA_CONTINUA = 1_000;

    /** Events read with the snapshots, for the request that follows on this thread; taken by the next request. */
    private static final ThreadLocal<Seguintes> SEGUINTES = new ThreadLocal<>();

    private record Seguintes(String agregado, long primeiro, List<DomainEventData<?>> eventos) {
    }

    /**
     * One aggregate as read: its snapshots, newest first, and the first batch of events after the newest; or, when
     * memory held it at version {@code conhecida}, no snapshot and the first batch of events after that version.
     */
    private record Lido(Long conhecida, List<DomainEventData<?>> instantaneos, List<DomainEventData<?>> eventos) {

        long primeiro() {
            if (conhecida != null) {
                return conhecida + 1;
            }
            return instantaneos.isEmpty() ? 0 : instantaneos.get(0).getSequenceNumber() + 1;
        }
    }

    /** Told of every aggregate event read for a stream, with its place in the store and its payload's type. */
    @FunctionalInterface
    public interface Lidos {
        void lido(String tipoDeAgregado, String agregado, long sequencia, long indiceGlobal, String tipoDoEvento);
    }

    private final TransactionManager transacoes;
    private final MemoriaDeAgregados memoria;
    private final Lidos lidos;
    private final String colunaDoIndice;
    private final String consulta;

    public ArmazenamentoDeEventos(JdbcEventStorageEngine.Builder builder, TransactionManager transacoes,
                                  EventSchema schema, MemoriaDeAgregados memoria, Lidos lidos) {
        super(builder);
        this.transacoes = transacoes;
        this.memoria = memoria;
        this.lidos = lidos;
        this.colunaDoIndice = schema.globalIndexColumn();
        String campos = schema.domainEventFields();
        String agregado = schema.aggregateIdentifierColumn();
        String sequencia = schema.sequenceNumberColumn();
        this.consulta = "WITH instantaneos AS (SELECT " + campos + " FROM " + schema.snapshotTable()
                + " WHERE " + agregado + " = ANY (?))"
                + " SELECT TRUE AS instantaneo, " + campos + " FROM instantaneos"
                + " UNION ALL SELECT FALSE, e.* FROM unnest(?::varchar[], ?::bigint[]) AS alvos (agregado, conhecida)"
                + " CROSS JOIN LATERAL (SELECT " + campos + " FROM " + schema.domainEventTable()
                + " WHERE " + agregado + " = alvos.agregado AND " + sequencia + " > COALESCE(alvos.conhecida,"
                + " (SELECT max(i." + sequencia + ") FROM instantaneos i WHERE i." + agregado + " = alvos.agregado),"
                + " -1) ORDER BY " + sequencia + " LIMIT ?) AS e";
    }

    /**
     * A read of the embedded event store's producer (the only reader with {@code mayBlock}) ends after
     * {@link #LEITURA_CONTINUA} events; the producer then starts another from where it stopped. Axon's producer holds
     * the newest event it had when a read began in a local variable until that read ends, and every later event is
     * reachable from it: a read that never ran dry (a node catching up a million events) kept every event it read in
     * memory, 311,000 of them 40 s into a catch-up, where its shared cache was 10,000 (decision 087; 1,000 since
     * 088). Readers of their own ({@code mayBlock} false) read on to the end, as before.
     */
    @Override
    public Stream<? extends TrackedEventMessage<?>> readEvents(TrackingToken token, boolean mayBlock) {
        Stream<? extends TrackedEventMessage<?>> eventos = super.readEvents(token, mayBlock);
        return mayBlock ? eventos.limit(LEITURA_CONTINUA) : eventos;
    }

    @Override
    protected TrackedEventData<?> getTrackedEventData(ResultSet linha, GapAwareTrackingToken anterior)
            throws SQLException {
        TrackedEventData<?> evento = super.getTrackedEventData(linha, anterior);
        if (evento instanceof DomainEventData<?> doAgregado && doAgregado.getType() != null) {
            lidos.lido(doAgregado.getType(), doAgregado.getAggregateIdentifier(), doAgregado.getSequenceNumber(),
                       linha.getLong(colunaDoIndice), doAgregado.getPayload().getType().getName());
        }
        return evento;
    }

    @Override
    public void antecipar(Collection<String> agregadoIds) {
        if (agregadoIds.isEmpty() || !TransactionSynchronizationManager.isSynchronizationActive()) {
            return;
        }
        Map<String, Lido> lidos = ler(agregadoIds, true);
        @SuppressWarnings("unchecked")
        Map<String, Lido> guardados = (Map<String, Lido>) TransactionSynchronizationManager.getResource(this);
        if (guardados == null) {
            TransactionSynchronizationManager.bindResource(this, lidos);
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCompletion(int status) {
                    TransactionSynchronizationManager.unbindResourceIfPossible(ArmazenamentoDeEventos.this);
                }
            });
        } else {
            guardados.putAll(lidos);
        }
    }

    @Override
    protected Stream<? extends DomainEventData<?>> readSnapshotData(String agregado) {
        SEGUINTES.remove();
        @SuppressWarnings("unchecked")
        Map<String, Lido> guardados = (Map<String, Lido>) TransactionSynchronizationManager.getResource(this);
        Lido lido = guardados == null ? null : guardados.remove(agregado);
        if (lido == null || lido.conhecida() != null) {
            // nothing read ahead, or only the events after a version memory held then, which another load took
            lido = ler(List.of(agregado), false).get(agregado);
        }
        SEGUINTES.set(new Seguintes(agregado, lido.primeiro(), lido.eventos()));
        return lido.instantaneos().stream();
    }

    @Override
    protected List<? extends DomainEventData<?>> fetchDomainEvents(String agregado, long primeiro, int lote) {
        Seguintes seguintes = SEGUINTES.get();
        SEGUINTES.remove();
        if (seguintes != null && seguintes.agregado().equals(agregado) && seguintes.primeiro() == primeiro
            && seguintes.eventos().size() <= lote) {
            return seguintes.eventos();
        }
        @SuppressWarnings("unchecked")
        Map<String, Lido> guardados = (Map<String, Lido>) TransactionSynchronizationManager.getResource(this);
        Lido lido = guardados == null ? null : guardados.get(agregado);
        if (lido != null && lido.conhecida() != null && lido.primeiro() == primeiro && lido.eventos().size() <= lote) {
            guardados.remove(agregado);
            return lido.eventos();
        }
        return super.fetchDomainEvents(agregado, primeiro, lote);
    }

    /**
     * Every aggregate asked for, each with its snapshots (newest first) and the batch of events after them; with
     * {@code daMemoria}, those memory holds with the events after the version held instead.
     */
    private Map<String, Lido> ler(Collection<String> agregadoIds, boolean daMemoria) {
        Object[] ids = agregadoIds.stream().distinct().toArray();
        Long[] conhecidas = new Long[ids.length];
        List<Object> semMemoria = new ArrayList<>();
        for (int i = 0; i < ids.length; i++) {
            conhecidas[i] = daMemoria ? memoria.versao((String) ids[i]) : null;
            if (conhecidas[i] == null) {
                semMemoria.add(ids[i]);
            }
        }
        return transacoes.fetchInTransaction(() -> JdbcUtils.executeQuery(getConnection(), conexao -> {
            PreparedStatement comando = conexao.prepareStatement(consulta);
            comando.setArray(1, conexao.createArrayOf("varchar", semMemoria.toArray()));
            comando.setArray(2, conexao.createArrayOf("varchar", ids));
            comando.setArray(3, conexao.createArrayOf("bigint", conhecidas));
            comando.setInt(4, batchSize());
            return comando;
        }, linhas -> {
            Map<String, Lido> lidos = new HashMap<>();
            for (int i = 0; i < ids.length; i++) {
                lidos.put((String) ids[i], new Lido(conhecidas[i], new ArrayList<>(), new ArrayList<>()));
            }
            while (linhas.next()) {
                if (linhas.getBoolean("instantaneo")) {
                    DomainEventData<?> instantaneo = getSnapshotData(linhas);
                    lidos.get(instantaneo.getAggregateIdentifier()).instantaneos().add(instantaneo);
                } else {
                    DomainEventData<?> evento = getDomainEventData(linhas);
                    lidos.get(evento.getAggregateIdentifier()).eventos().add(evento);
                }
            }
            lidos.values().forEach(l -> {
                l.instantaneos().sort(Comparator.comparingLong(DomainEventData<?>::getSequenceNumber).reversed());
                l.eventos().sort(Comparator.comparingLong(DomainEventData::getSequenceNumber));
            });
            return lidos;
        }, erro -> new EventStoreException("Falha ao ler os agregados " + List.of(ids), erro)));
    }
}
