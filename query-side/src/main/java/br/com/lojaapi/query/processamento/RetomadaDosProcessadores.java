package br.com.lojaapi.query.processamento;

import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventProcessor;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Puts the event processors back to work as soon as PostgreSQL returns. Each failed attempt of a pooled streaming
 * processor's coordinator doubles its pause (from 0.5 s up to 60 s, a fixed policy of Axon 4.13's
 * {@code Coordinator} with no setting), so after a 30 s outage it would sleep on for seconds more, and writes meant
 * to be read back would wait for it until they answer 202; one whose work packages gave up their segments would
 * claim them again only at its next claim check (every 5 s). So every running processor is stopped and started:
 * stopping runs its pending coordination at once, and starting claims the segments afresh, in milliseconds, which
 * is cheap next to an outage. Processors stopped on purpose (a projection rebuild) are left alone. The event store
 * is also told to read now rather than at its next poll, and this node renews its row among the running nodes first
 * (its share of segments is counted from them).
 */
@Component
class RetomadaDosProcessadores {

    private static final Logger log = LoggerFactory.getLogger(RetomadaDosProcessadores.class);

    private final EventProcessingConfiguration processamento;
    private final EventStoreDespertavel eventStore;
    private final NosEmExecucao nos;

    RetomadaDosProcessadores(EventProcessingConfiguration processamento, EventStoreDespertavel eventStore,
                             NosEmExecucao nos) {
        this.processamento = processamento;
        this.eventStore = eventStore;
        this.nos = nos;
    }

    @EventListener
    void retomar(BancoDeVolta volta) {
        nos.bater();
        eventStore.acordar();
        List<String> retomados = new CopyOnWriteArrayList<>();
        List<CompletableFuture<Void>> reinicios = processamento.eventProcessors().values().stream()
                .filter(p -> p instanceof StreamingEventProcessor && p.isRunning())
                .map(p -> reiniciar(p, retomados))
                .toList();
        CompletableFuture.allOf(reinicios.toArray(CompletableFuture[]::new))
                         .whenComplete((ok, erro) -> {
                             if (!retomados.isEmpty()) {
                                 log.info("Processadores retomados após a volta do PostgreSQL: {}",
                                         retomados.stream().sorted().toList());
                             }
                         });
    }

    private static CompletableFuture<Void> reiniciar(EventProcessor processador, List<String> retomados) {
        return processador.shutdownAsync().thenRun(() -> {
            processador.start();
            retomados.add(processador.getName());
        }).exceptionally(erro -> {
            log.warn("Processador {} não foi reiniciado após a volta do PostgreSQL: {}", processador.getName(),
                    erro.toString());
            return null;
        });
    }
}
