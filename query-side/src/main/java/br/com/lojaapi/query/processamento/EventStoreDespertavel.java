package br.com.lojaapi.query.processamento;

import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;

import java.util.List;

/**
 * Axon's embedded event store, whose producer reads the database when told to: by PostgreSQL's notification of
 * new events ({@code eventos_novos}, which reaches every node, this one included) and after every reconnection of
 * the listener, else on its idle poll.
 * <p>
 * Axon also wakes it when a unit of work that appended commits. That is left out: inside a surrounding database
 * transaction (an order, a stock batch) the unit of work commits before the transaction does, so that read found
 * nothing and cost a transaction of three statements; and after a plain command's commit it only doubled the
 * notification's wake-up.
 */
public class EventStoreDespertavel extends EmbeddedEventStore {

    public EventStoreDespertavel(Builder builder) {
        super(builder);
    }

    /** Makes the producer fetch at once if it is idle; cheap and harmless when there is nothing new. */
    public void acordar() {
        super.afterCommit(List.of());
    }

    @Override
    protected void afterCommit(List<? extends EventMessage<?>> events) {
        // woken by the notification the commit sends instead (see above)
    }
}
