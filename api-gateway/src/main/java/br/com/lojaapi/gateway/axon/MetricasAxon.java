package br.com.lojaapi.gateway.axon;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.axonframework.commandhandling.CommandBus;
import org.axonframework.eventhandling.EventBus;
import org.axonframework.messaging.Message;
import org.axonframework.messaging.MessageHandlerInterceptor;
import org.axonframework.queryhandling.QueryBus;
import org.springframework.stereotype.Component;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Axon's side of /actuator/prometheus: how long command and query handlers take (per message type) and how many
 * events are appended. Each processor's position and lag are the query side's (MetricasDosProcessadores).
 */
@Component
class MetricasAxon {

    private final MeterRegistry metricas;

    MetricasAxon(MeterRegistry metricas, CommandBus comandos, QueryBus consultas, EventBus eventos) {
        this.metricas = metricas;
        comandos.registerHandlerInterceptor(cronometro("loja.axon.comandos", "Tratamento de comandos"));
        consultas.registerHandlerInterceptor(cronometro("loja.axon.consultas", "Tratamento de consultas"));
        Counter gravados = Counter.builder("loja.eventos.gravados").description("Eventos publicados no event store")
                                  .register(metricas);
        eventos.registerDispatchInterceptor(mensagens -> {
            gravados.increment(mensagens.size());
            return (indice, mensagem) -> mensagem;
        });
    }

    /**
     * A timer per message type and result, each registered once: building and registering one per message (tags
     * sorted, registry looked up) showed in the order's profile.
     */
    private <T extends Message<?>> MessageHandlerInterceptor<T> cronometro(String nome, String descricao) {
        Map<Class<?>, Timer> sucessos = new ConcurrentHashMap<>();
        Map<Class<?>, Timer> erros = new ConcurrentHashMap<>();
        Function<String, Function<Class<?>, Timer>> registrar = resultado -> tipo ->
                Timer.builder(nome).description(descricao).tag("tipo", tipo.getSimpleName()).tag("resultado", resultado)
                     .register(metricas);
        Function<Class<?>, Timer> sucesso = registrar.apply("sucesso");
        Function<Class<?>, Timer> erro = registrar.apply("erro");
        return (unidade, cadeia) -> {
            long inicio = System.nanoTime();
            Class<?> tipo = unidade.getMessage().getPayloadType();
            boolean falhou = true;
            try {
                Object resultado = cadeia.proceed();
                falhou = false;
                return resultado;
            } finally {
                Timer cronometro = falhou ? erros.computeIfAbsent(tipo, erro) : sucessos.computeIfAbsent(tipo, sucesso);
                cronometro.record(System.nanoTime() - inicio, TimeUnit.NANOSECONDS);
            }
        };
    }
}
