package br.com.lojaapi.gateway.axon;

import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;

import java.util.List;

/**
 * Axon's embedded event store, plus a way to make its producer read the database now. Local commits already do
 * that; this lets a PostgreSQL notification from another node do it too, instead of waiting for the next poll.
 */
public class EventStoreDespertavel extends EmbeddedEventStore {

    public EventStoreDespertavel(Builder builder) {
        super(builder);
    }

    /** Makes the producer fetch at once if it is idle; cheap and harmless when there is nothing new. */
    public void acordar() {
        afterCommit(List.of());
    }
}
