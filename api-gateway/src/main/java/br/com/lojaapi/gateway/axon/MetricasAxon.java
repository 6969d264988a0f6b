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

import java.util.concurrent.TimeUnit;

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
