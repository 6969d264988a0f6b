package br.com.lojaapi.command.armazenamento;

import org.axonframework.eventsourcing.AggregateDeletedException;
import org.axonframework.eventsourcing.EventSourcedAggregate;
import org.axonframework.eventsourcing.EventSourcingRepository;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Axon's event-sourcing repository, loading from {@link MemoriaDeAgregados} when this node holds the aggregate: the
 * held instance is brought up to date with the events stored after its version (one short query, or none when
 * {@code LeituraAntecipada} read them already), so whatever another node appended is applied before the command
 * decides. Appends stay guarded by the event table's unique key, as without memory: a node that appends on a stale
 * view conflicts and retries.
 * <p>
 * Unlike Axon's {@code CachingEventSourcingRepository}, an instance goes back to memory only after the database
 * transaction commits (Axon's unit of work commits inside it, before it, so a failed commit would leave Axon's cache
 * ahead of the database), and never after its unit of work rolled back (a refused command may have applied
 * events to it before refusing).
 */
public class RepositorioComMemoria<T> extends EventSourcingRepository<T> {

    private final EventStore eventos;
    private final MemoriaDeAgregados memoria;

    public RepositorioComMemoria(EventSourcingRepository.Builder<T> builder, EventStore eventos,
                                 MemoriaDeAgregados memoria) {
        super(builder.eventStore(eventos));
        this.eventos = eventos;
        this.memoria = memoria;
    }

    @Override
    protected EventSourcedAggregate<T> doLoadWithLock(String id, Long versaoEsperada) {
        EventSourcedAggregate<T> guardado = memoria.retirar(id);
        EventSourcedAggregate<T> agregado = guardado == null ? super.doLoadWithLock(id, versaoEsperada)
                : emDia(id, guardado);
        devolverQuandoConfirmado(id, agregado);
        return agregado;
    }

    private EventSourcedAggregate<T> emDia(String id, EventSourcedAggregate<T> agregado) {
        DomainEventStream seguintes = eventos.readEvents(id, agregado.version() + 1);
        if (seguintes.hasNext()) {
            agregado.initializeState(seguintes);
        }
        if (agregado.isDeleted()) {
            throw new AggregateDeletedException(id);
        }
        return agregado;
    }

    private void devolverQuandoConfirmado(String id, EventSourcedAggregate<T> agregado) {
        UnitOfWork<?> unidade = CurrentUnitOfWork.get();
        AtomicBoolean desfeito = new AtomicBoolean();
        unidade.onRollback(u -> desfeito.set(true));
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCompletion(int status) {
                    if (status == STATUS_COMMITTED && !desfeito.get()) {
                        memoria.devolver(id, agregado);
                    }
                }
            });
        } else {
            unidade.afterCommit(u -> {
                if (!desfeito.get()) {
                    memoria.devolver(id, agregado);
                }
            });
        }
    }
}
