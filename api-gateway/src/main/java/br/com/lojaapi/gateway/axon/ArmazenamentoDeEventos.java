package br.com.lojaapi.gateway.axon;

import org.axonframework.common.jdbc.JdbcUtils;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.eventhandling.DomainEventData;
import org.axonframework.eventsourcing.eventstore.EventStoreException;
import org.axonframework.eventsourcing.eventstore.jdbc.EventSchema;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcEventStorageEngine;

import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;

/**
 * Axon's JDBC event storage, loading an aggregate with one query instead of two. Axon reads the aggregate's
 * snapshots, then, in a second query, the events after the one it uses. Here the snapshots' query also returns the
 * first batch of events after the newest snapshot (or from the start, when there is none), in the same statement and
 * so the same view of the database; Axon's request for those events, which follows at once on the same thread, is
 * answered with them. Any other request (the newest snapshot was refused by the snapshot filter or could not be
 * read, so Axon asks from an older position) goes to the database as before.
 */
public class ArmazenamentoDeEventos extends JdbcEventStorageEngine {

    /** Events read with the snapshots, for the request that follows on this thread; taken by the next request. */
    private static final ThreadLocal<Lidos> LIDOS = new ThreadLocal<>();

    private record Lidos(String agregado, long primeiro, List<DomainEventData<?>> eventos) {
    }

    private final TransactionManager transacoes;
    private final String consulta;

    public ArmazenamentoDeEventos(JdbcEventStorageEngine.Builder builder, TransactionManager transacoes,
                                  EventSchema schema) {
        super(builder);
        this.transacoes = transacoes;
        String campos = schema.domainEventFields();
        this.consulta = "WITH instantaneos AS (SELECT " + campos + " FROM " + schema.snapshotTable()
                + " WHERE " + schema.aggregateIdentifierColumn() + " = ?)"
                + " SELECT * FROM (SELECT TRUE AS instantaneo, " + campos + " FROM instantaneos"
                + " UNION ALL (SELECT FALSE, " + campos + " FROM " + schema.domainEventTable()
                + " WHERE " + schema.aggregateIdentifierColumn() + " = ? AND " + schema.sequenceNumberColumn()
                + " > COALESCE((SELECT max(" + schema.sequenceNumberColumn() + ") FROM instantaneos), -1)"
                + " ORDER BY " + schema.sequenceNumberColumn() + " LIMIT ?)) AS lidos"
                + " ORDER BY instantaneo DESC, " + schema.sequenceNumberColumn() + " DESC";
    }

    @Override
    protected Stream<? extends DomainEventData<?>> readSnapshotData(String agregado) {
        LIDOS.remove();
        return transacoes.fetchInTransaction(() -> JdbcUtils.executeQuery(getConnection(), conexao -> {
            PreparedStatement comando = conexao.prepareStatement(consulta);
            comando.setString(1, agregado);
            comando.setString(2, agregado);
            comando.setInt(3, batchSize());
            return comando;
        }, linhas -> {
            List<DomainEventData<?>> instantaneos = new ArrayList<>();
            List<DomainEventData<?>> eventos = new ArrayList<>();
            while (linhas.next()) {
                if (linhas.getBoolean("instantaneo")) {
                    instantaneos.add(getSnapshotData(linhas));
                } else {
                    eventos.add(getDomainEventData(linhas));
                }
            }
            Collections.reverse(eventos);
            long primeiro = instantaneos.isEmpty() ? 0 : instantaneos.get(0).getSequenceNumber() + 1;
            LIDOS.set(new Lidos(agregado, primeiro, eventos));
            return instantaneos.stream();
        }, erro -> new EventStoreException("Falha ao ler o agregado " + agregado, erro)));
    }

    @Override
    protected List<? extends DomainEventData<?>> fetchDomainEvents(String agregado, long primeiro, int lote) {
        Lidos lidos = LIDOS.get();
        LIDOS.remove();
        if (lidos != null && lidos.agregado().equals(agregado) && lidos.primeiro() == primeiro
            && lidos.eventos().size() <= lote) {
            return lidos.eventos();
        }
        return super.fetchDomainEvents(agregado, primeiro, lote);
    }
}
