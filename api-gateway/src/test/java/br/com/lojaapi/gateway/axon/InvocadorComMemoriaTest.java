package br.com.lojaapi.gateway.axon;

import org.axonframework.eventhandling.DisallowReplay;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.EventHandlerInvoker;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.GenericEventMessage;
import org.axonframework.eventhandling.MultiEventHandlerInvoker;
import org.axonframework.eventhandling.Segment;
import org.axonframework.eventhandling.SimpleEventHandlerInvoker;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Handlers with their fixed answers remembered answer as Axon's own do, ask Axon once for what never changes, and
 * never ask about an event whose payload type none of them handles.
 */
class InvocadorComMemoriaTest {

    static class DePedidos {
        @EventHandler
        void on(Long pedido) {
        }
    }

    @DisallowReplay
    static class QueNaoRepete {
        @EventHandler
        void on(String texto) {
        }

        @EventHandler
        void on(Long numero) {
        }
    }

    @Test
    void respondeComoOsTratadoresDoAxon() {
        for (Object tratador : List.of(new DePedidos(), new QueNaoRepete())) {
            EventHandlerInvoker axon = SimpleEventHandlerInvoker.builder().eventHandlers(tratador).build();
            EventHandlerInvoker lembrado = InvocadorComMemoria.de(axon);
            assertThat(lembrado.supportsReset()).isEqualTo(axon.supportsReset());
            for (Object carga : List.of(1L, "x", 2.5)) {
                EventMessage<?> evento = GenericEventMessage.asEventMessage(carga);
                assertThat(lembrado.canHandle(evento, Segment.ROOT_SEGMENT))
                        .as("%s, %s", tratador, carga).isEqualTo(axon.canHandle(evento, Segment.ROOT_SEGMENT));
                assertThat(lembrado.canHandleType(carga.getClass())).isEqualTo(axon.canHandleType(carga.getClass()));
            }
        }
    }

    @Test
    void perguntaUmaVezOQueNuncaMuda() {
        Contador contador = new Contador();
        EventHandlerInvoker lembrado = InvocadorComMemoria.de(contador);
        EventMessage<?> pedido = GenericEventMessage.asEventMessage(1L);
        EventMessage<?> texto = GenericEventMessage.asEventMessage("x");
        for (int i = 0; i < 3; i++) {
            lembrado.supportsReset();
            lembrado.canHandle(pedido, Segment.ROOT_SEGMENT);
            lembrado.canHandle(texto, Segment.ROOT_SEGMENT);
        }

        assertThat(contador.reinicio).hasValue(1);
        assertThat(contador.tipos).hasValue(2);
        assertThat(contador.eventos).as("só os eventos de um tipo tratado").hasValue(3);
    }

    @Test
    void cadaInvocadorDeUmMultiploGuardaSuasRespostas() {
        Contador a = new Contador();
        Contador b = new Contador();
        EventHandlerInvoker lembrado = InvocadorComMemoria.de(new MultiEventHandlerInvoker(a, b));

        assertThat(lembrado).isInstanceOf(MultiEventHandlerInvoker.class);
        assertThat(((MultiEventHandlerInvoker) lembrado).delegates()).allMatch(InvocadorComMemoria.class::isInstance);
        lembrado.canHandle(GenericEventMessage.asEventMessage(1L), Segment.ROOT_SEGMENT);
        lembrado.canHandle(GenericEventMessage.asEventMessage(2L), Segment.ROOT_SEGMENT);
        assertThat(a.reinicio).hasValue(1);
        assertThat(a.tipos).hasValue(1);
    }

    /** Handles Long payloads only, and counts what it is asked. */
    private static final class Contador implements EventHandlerInvoker {
        final AtomicInteger reinicio = new AtomicInteger();
        final AtomicInteger tipos = new AtomicInteger();
        final AtomicInteger eventos = new AtomicInteger();

        @Override
        public boolean canHandle(EventMessage<?> evento, Segment segmento) {
            eventos.incrementAndGet();
            return evento.getPayload() instanceof Long;
        }

        @Override
        public boolean canHandleType(Class<?> tipo) {
            tipos.incrementAndGet();
            return tipo == Long.class;
        }

        @Override
        public void handle(EventMessage<?> evento, Segment segmento) {
        }

        @Override
        public boolean supportsReset() {
            reinicio.incrementAndGet();
            return true;
        }
    }
}
