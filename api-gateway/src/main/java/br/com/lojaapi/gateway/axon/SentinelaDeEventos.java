package br.com.lojaapi.gateway.axon;

import br.com.lojaapi.gateway.infra.TarefaDeFundo;
import br.com.lojaapi.query.processamento.EventStoreDespertavel;
import org.axonframework.common.stream.BlockingStream;
import org.axonframework.eventhandling.TrackedEventMessage;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * One thread that tails the event store's shared cache and, whenever new events land in it, tells
 * {@link FonteComAviso} their payload types, to wake the pooled processors that may handle them. Being a tailing
 * consumer it also keeps the store's producer fetching; it reads only the shared cache, never the database on its
 * own.
 */
public class SentinelaDeEventos extends TarefaDeFundo {

    private final EventStoreDespertavel eventStore;
    private final FonteComAviso fonte;

    public SentinelaDeEventos(EventStoreDespertavel eventStore, FonteComAviso fonte) {
        super("sentinela-de-eventos");
        this.eventStore = eventStore;
        this.fonte = fonte;
    }

    @Override
    protected void executar() throws InterruptedException {
        try (BlockingStream<TrackedEventMessage<?>> fluxo = eventStore.openStream(eventStore.createHeadToken())) {
            while (ativa()) {
                if (fluxo.hasNextAvailable(1, TimeUnit.SECONDS)) {
                    Set<String> tipos = new HashSet<>();
                    while (fluxo.hasNextAvailable()) {
                        tipos.add(fluxo.nextAvailable().getPayloadType().getName());
                    }
                    fonte.avisar(tipos);
                }
            }
        }
    }
}
