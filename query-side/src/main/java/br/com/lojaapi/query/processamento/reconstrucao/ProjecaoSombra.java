package br.com.lojaapi.query.processamento.reconstrucao;

import org.axonframework.common.AxonThreadFactory;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.eventhandling.EventHandlerInvoker;
import org.axonframework.eventhandling.EventTrackerStatus;
import org.axonframework.eventhandling.PropagatingErrorHandler;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventhandling.pooled.PooledStreamingEventProcessor;
import org.axonframework.eventhandling.tokenstore.TokenStore;
import org.axonframework.messaging.StreamableMessageSource;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The processor that builds a read model's copy on this node: the live processor's own handlers, under its own
 * name (so its tokens are its own rows in token_entry), from the first event, in transactions that write the
 * copies. Segments are claimed through the token table like any processor's, so a node that takes over a
 * rebuild continues where the previous one stopped.
 */
final class ProjecaoSombra {

    static final String SUFIXO = "@reconstrucao";

    private final PooledStreamingEventProcessor processador;
    private final ScheduledExecutorService coordenador;
    private final ScheduledExecutorService trabalhadores;
    private final int segmentos;
    /** Kept, because the coordinator clears a segment's error status at its next claim. */
    private final AtomicReference<Throwable> primeiroErro = new AtomicReference<>();

    ProjecaoSombra(String projecao, EventHandlerInvoker tratadores,
                   StreamableMessageSource<TrackedEventMessage<?>> eventos, TokenStore tokens,
                   TransactionManager transacoes, int segmentos, int threads, int lote) {
        String nome = projecao + SUFIXO;
        this.segmentos = segmentos;
        this.coordenador = Executors.newSingleThreadScheduledExecutor(new AxonThreadFactory("Coordinator[" + nome + "]"));
        this.trabalhadores = Executors.newScheduledThreadPool(threads, new AxonThreadFactory("WorkPackage[" + nome + "]"));
        this.processador = PooledStreamingEventProcessor.builder()
                                                        .name(nome)
                                                        .eventHandlerInvoker(tratadores)
                                                        .errorHandler(contexto -> {
                                                            primeiroErro.compareAndSet(null, contexto.error());
                                                            PropagatingErrorHandler.instance().handleError(contexto);
                                                        })
                                                        .messageSource(eventos)
                                                        .tokenStore(tokens)
                                                        .transactionManager(transacoes)
                                                        .coordinatorExecutor(coordenador)
                                                        .workerExecutor(trabalhadores)
                                                        .initialSegmentCount(segmentos)
                                                        .initialToken(StreamableMessageSource::createTailToken)
                                                        .batchSize(lote)
                                                        .tokenClaimInterval(500)
                                                        .build();
    }

    static String nome(String projecao) {
        return projecao + SUFIXO;
    }

    void iniciar() {
        processador.start();
    }

    /** Every segment claimed here has reached the head of the stream at least once, and none is failing. */
    boolean alcancouACabeca() {
        Map<Integer, EventTrackerStatus> estados = processador.processingStatus();
        return estados.size() == segmentos && !processador.isError()
               && estados.values().stream().allMatch(s -> s.isCaughtUp() && !s.isErrorState());
    }

    /**
     * Where each segment of this node stands, in memory. A pooled processor stores its token lazily while it only
     * skips events it has no handler for, so the stored token may lag behind; this one never runs ahead of what
     * was committed.
     */
    Map<Integer, TrackingToken> posicoes() {
        Map<Integer, TrackingToken> porSegmento = new HashMap<>();
        processador.processingStatus().forEach((segmento, status) -> {
            if (status.getTrackingToken() != null) {
                porSegmento.put(segmento, status.getTrackingToken());
            }
        });
        return porSegmento;
    }

    /** The error a segment is failing with, if any. */
    Optional<Throwable> erro() {
        return Optional.ofNullable(primeiroErro.get());
    }

    /** Stops processing: when this returns, no batch of the copy is in flight and every claim is released. */
    void parar() {
        try {
            processador.shutdownAsync().get(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrompido ao parar a reconstrução", e);
        } catch (Exception e) {
            throw new IllegalStateException("A reconstrução não parou a tempo", e);
        } finally {
            encerrar(coordenador);
            encerrar(trabalhadores);
        }
    }

    private static void encerrar(ExecutorService executor) {
        executor.shutdown();
    }
}
