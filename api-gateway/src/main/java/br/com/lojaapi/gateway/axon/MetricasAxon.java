package br.com.lojaapi.gateway.axon;

import br.com.lojaapi.query.processamento.EstadoDoProcessador;
import br.com.lojaapi.query.processamento.PainelDosProcessadores;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.axonframework.commandhandling.CommandBus;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventBus;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.messaging.Message;
import org.axonframework.messaging.MessageHandlerInterceptor;
import org.axonframework.queryhandling.QueryBus;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

/**
 * Axon's side of /actuator/prometheus: how long command and query handlers take (per message type), how many
 * events are appended, and per streaming processor its position and lag behind the head. The processor gauges
 * read one snapshot of the token table, taken at most once a second however often they are scraped.
 */
@Component
class MetricasAxon {

    private static final Duration VALIDADE = Duration.ofSeconds(1);

    private final MeterRegistry metricas;
    private final PainelDosProcessadores painel;
    private final EventProcessingConfiguration processamento;
    private final Map<String, EstadoDoProcessador> ultimo = new ConcurrentHashMap<>();
    private volatile Instant lidoEm = Instant.EPOCH;

    MetricasAxon(MeterRegistry metricas, PainelDosProcessadores painel, CommandBus comandos,
                 QueryBus consultas, EventBus eventos, EventProcessingConfiguration processamento) {
        this.metricas = metricas;
        this.painel = painel;
        this.processamento = processamento;
        comandos.registerHandlerInterceptor(cronometro("loja.axon.comandos", "Tratamento de comandos"));
        consultas.registerHandlerInterceptor(cronometro("loja.axon.consultas", "Tratamento de consultas"));
        Counter gravados = Counter.builder("loja.eventos.gravados").description("Eventos publicados no event store")
                                  .register(metricas);
        eventos.registerDispatchInterceptor(mensagens -> {
            gravados.increment(mensagens.size());
            return (indice, mensagem) -> mensagem;
        });
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
                    List<EstadoDoProcessador> todos = painel.processadores();
                    todos.forEach(e -> ultimo.put(e.nome(), e));
                    lidoEm = Instant.now();
                }
            }
        }
        return ultimo.get(processador);
    }

    private <T extends Message<?>> MessageHandlerInterceptor<T> cronometro(String nome, String descricao) {
        return (unidade, cadeia) -> {
            long inicio = System.nanoTime();
            String tipo = unidade.getMessage().getPayloadType().getSimpleName();
            String resultado = "sucesso";
            try {
                return cadeia.proceed();
            } catch (Exception e) {
                resultado = "erro";
                throw e;
            } finally {
                Timer.builder(nome).description(descricao).tag("tipo", tipo).tag("resultado", resultado)
                     .register(metricas).record(System.nanoTime() - inicio, TimeUnit.NANOSECONDS);
            }
        };
    }
}
