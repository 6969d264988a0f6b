package br.com.lojaapi.gateway.axon;

import br.com.lojaapi.command.comum.GruposDeLookup;
import br.com.lojaapi.command.entrega.DisparadorDeWebhooks;
import br.com.lojaapi.command.entrega.EntregaSaga;
import br.com.lojaapi.command.entrega.FilaDeEnvios;
import br.com.lojaapi.query.evento.GrupoDoFeed;
import br.com.lojaapi.query.processamento.DivisaoDeSegmentos;
import org.axonframework.common.AxonThreadFactory;
import org.axonframework.config.Configuration;
import org.axonframework.config.ConfigurerModule;
import org.axonframework.config.EventProcessingModule;
import org.axonframework.eventhandling.PropagatingErrorHandler;
import org.axonframework.messaging.StreamableMessageSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;

import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Event processors. Projections and sagas run as pooled streaming processors over {@link FonteComAviso}
 * (replayable, woken as soon as events exist); command-side lookup tables run subscribing, inside the command's
 * transaction.
 * <p>
 * Handler errors propagate everywhere. In a lookup handler that rolls the command back (a unique violation is
 * the point of the table). In a projection it fails the batch, which is retried with backoff: a read model that
 * cannot apply an event stops and says so in the log, rather than Axon's default of logging and silently
 * skipping the event, after which the read model would disagree with the event store for good.
 */
@org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
public class ConfiguracaoDeProcessadores {

    public static final String GRUPO_FILA_DE_ENVIOS = FilaDeEnvios.GRUPO;
    public static final String GRUPO_DISPARO = DisparadorDeWebhooks.GRUPO;
    public static final String GRUPO_FEED = GrupoDoFeed.NOME;

    /** Axon's own, over handlers whose fixed answers are remembered (replaces Axon's Spring Boot default). */
    @Bean
    EventProcessingModule eventProcessingModule() {
        return new ModuloDeProcessamento();
    }

    @Bean
    ConfigurerModule processadores(ObjectProvider<FonteComAviso> fonte, ObjectProvider<DivisaoDeSegmentos> divisao,
                                   @Value("${loja.processadores.segmentos:2}") int segmentos,
                                   @Value("${loja.processadores.threads:2}") int threads,
                                   @Value("${loja.processadores.lote:100}") int lote) {
        return configurer -> {
            var processamento = configurer.eventProcessing();
            processamento.configureDefaultStreamableMessageSource(c -> fonte.getObject());
            // the segments are shared among the running nodes (DivisaoDeSegmentos)
            processamento.usingPooledStreamingEventProcessors((config, builder) -> divisao.getObject().configurar(
                    builder.initialSegmentCount(segmentos)
                           .batchSize(lote)
                           .workerExecutor(nome -> executor(config, threads, "WorkPackage[" + nome + "]"))));
            processamento.registerDefaultListenerInvocationErrorHandler(c -> PropagatingErrorHandler.instance());
            for (String grupo : GruposDeLookup.TODOS) {
                processamento.registerSubscribingEventProcessor(grupo);
            }
            // Queues webhook attempts in the transaction of the event that schedules them.
            processamento.registerSubscribingEventProcessor(GRUPO_FILA_DE_ENVIOS);
            // What sends things starts at the head: a first start never works through the past.
            for (String grupo : List.of(EntregaSaga.GRUPO, GRUPO_DISPARO)) {
                processamento.registerPooledStreamingEventProcessorConfiguration(grupo,
                        (config, builder) -> builder.initialToken(StreamableMessageSource::createHeadToken));
            }
            // The event feed numbers events in the order one writer sees them: a single segment. Its first start
            // works through the whole past (the default replay token), so the feed holds the stores' history.
            processamento.registerPooledStreamingEventProcessorConfiguration(GRUPO_FEED,
                    (config, builder) -> builder.initialSegmentCount(1));
        };
    }

    private static ScheduledExecutorService executor(Configuration config, int threads, String nome) {
        ScheduledExecutorService executor = Executors.newScheduledThreadPool(threads, new AxonThreadFactory(nome));
        config.onShutdown(executor::shutdown);
        return executor;
    }
}
