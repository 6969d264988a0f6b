package br.com.lojaapi.query;

import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandlerInvoker;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventhandling.PropagatingErrorHandler;
import org.axonframework.eventhandling.Segment;
import org.axonframework.eventhandling.SimpleEventHandlerInvoker;
import org.axonframework.messaging.ResultMessage;
import org.axonframework.messaging.unitofwork.BatchingUnitOfWork;
import org.axonframework.messaging.unitofwork.RollbackConfigurationType;
import org.axonframework.spring.messaging.unitofwork.SpringTransactionManager;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;

import java.nio.charset.StandardCharsets;

import java.util.List;

/**
 * Hands events to one projection as its pooled streaming processor does: through Axon's handler invoker (so
 * {@code @SequenceNumber} is resolved from the message, as in production), each event a domain event message
 * carrying its aggregate's id and sequence number, and each batch in one batching unit of work bound to one
 * transaction. A handler's exception fails the batch, as the application's {@code PropagatingErrorHandler} does.
 * <p>
 * Each event is first appended to {@code domain_event_entry} (once: handing it over again does not append it again),
 * as the event store has it before any processor sees it: the projections record where the event stands there
 * ({@code global_index}, the order incremental sync follows).
 */
public final class Projetor {

    private final EventHandlerInvoker invocador;
    private final TransactionManager transacoes;
    private final JdbcTemplate jdbc;

    public Projetor(Object projecao, PlatformTransactionManager transacoes, JdbcTemplate jdbc) {
        this.jdbc = jdbc;
        this.invocador = SimpleEventHandlerInvoker.builder()
                                                  .eventHandlers(projecao)
                                                  .listenerInvocationErrorHandler(PropagatingErrorHandler.instance())
                                                  .build();
        this.transacoes = new SpringTransactionManager(transacoes);
    }

    /** Event {@code carga} of aggregate {@code id}, at sequence number (version) {@code versao}. */
    public static DomainEventMessage<?> evento(String id, long versao, Object carga) {
        return new GenericDomainEventMessage<>(carga.getClass().getSimpleName(), id, versao, carga);
    }

    /** Each event in a batch of its own: a live processor catching events one by one. */
    public void umAUm(DomainEventMessage<?>... eventos) {
        for (DomainEventMessage<?> evento : eventos) {
            emLote(evento);
        }
    }

    /** All events in one batch, in this order: a rebuild, a catch-up, or a batch handled again after a lost claim. */
    public void emLote(DomainEventMessage<?>... eventos) {
        for (DomainEventMessage<?> evento : eventos) {
            guardar(evento);
        }
        BatchingUnitOfWork<EventMessage<?>> lote = new BatchingUnitOfWork<>(List.of(eventos));
        lote.attachTransaction(transacoes);
        ResultMessage<?> resultado = lote.executeWithResult(() -> {
            invocador.handle(lote.getMessage(), Segment.ROOT_SEGMENT);
            return null;
        }, RollbackConfigurationType.ANY_THROWABLE);
        if (resultado.isExceptional()) {
            throw new AssertionError("o lote falhou", resultado.exceptionResult());
        }
    }

    private void guardar(DomainEventMessage<?> evento) {
        jdbc.update("""
                INSERT INTO domain_event_entry (aggregate_identifier, sequence_number, type, event_identifier, payload,
                                                payload_type, time_stamp)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (aggregate_identifier, sequence_number) DO NOTHING""",
                evento.getAggregateIdentifier(), evento.getSequenceNumber(), evento.getType(), evento.getIdentifier(),
                "{}".getBytes(StandardCharsets.UTF_8), evento.getPayloadType().getName(),
                evento.getTimestamp().toString());
    }

    /** The projection's reset handler, in a transaction, as a processor's token reset runs it before a replay. */
    public void reiniciar() {
        transacoes.executeInTransaction(invocador::performReset);
    }
}
