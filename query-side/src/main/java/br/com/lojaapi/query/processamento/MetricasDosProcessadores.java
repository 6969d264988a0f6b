package br.com.lojaapi.query.processamento;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToDoubleFunction;

/**
 * The processors' side of /actuator/prometheus: per streaming processor its position and its lag behind the head.
 * The gauges read one snapshot of the token table, taken at most once a second however often they are scraped.
 */
@Component
class MetricasDosProcessadores {

    private static final Duration VALIDADE = Duration.ofSeconds(1);

    private final MeterRegistry metricas;
    private final EstadoDosProcessadores estados;
    private final EventProcessingConfiguration processamento;
    private final Map<String, EstadoDoProcessador> ultimo = new ConcurrentHashMap<>();
    private volatile Instant lidoEm = Instant.EPOCH;

    MetricasDosProcessadores(MeterRegistry metricas, EstadoDosProcessadores estados,
                             EventProcessingConfiguration processamento) {
        this.metricas = metricas;
        this.estados = estados;
        this.processamento = processamento;
    }

    /** The processors exist once the application is ready; one pair of gauges for each streaming one. */
    @EventListener(ApplicationReadyEvent.class)
    void registrarProcessadores() {
        processamento.eventProcessors().values().stream()
                     .filter(StreamingEventProcessor.class::isInstance)
                     .forEach(p -> {
                         medidor("loja.processador.atraso", "Eventos ainda não tratados pelo processador",
                                 p.getName(), e -> e.atraso() == null ? Double.NaN : e.atraso());
                         medidor("loja.processador.posicao", "Índice global do último evento tratado",
                                 p.getName(), e -> e.posicao() == null ? Double.NaN : e.posicao());
                     });
    }

    private void medidor(String nome, String descricao, String processador,
                         ToDoubleFunction<EstadoDoProcessador> valor) {
        Gauge.builder(nome, () -> {
            EstadoDoProcessador estado = estado(processador);
            return estado == null ? Double.NaN : valor.applyAsDouble(estado);
        }).description(descricao).tag("processador", processador).register(metricas);
    }

    private EstadoDoProcessador estado(String processador) {
        if (Instant.now().isAfter(lidoEm.plus(VALIDADE))) {
            synchronized (this) {
                if (Instant.now().isAfter(lidoEm.plus(VALIDADE))) {
                    estados.todos().forEach(e -> ultimo.put(e.nome(), e));
                    lidoEm = Instant.now();
                }
            }
        }
        return ultimo.get(processador);
    }
}
