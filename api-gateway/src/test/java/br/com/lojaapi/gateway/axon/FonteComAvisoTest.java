package br.com.lojaapi.gateway.axon;

import org.axonframework.common.stream.BlockingStream;
import org.axonframework.eventhandling.GenericEventMessage;
import org.axonframework.eventhandling.GenericTrackedEventMessage;
import org.axonframework.eventhandling.GlobalSequenceTrackingToken;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.messaging.StreamableMessageSource;
import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A processor's stream is woken for new events unless every one of them is of a payload type its coordinator
 * reported it has no handler for; other streams are not affected by what one skips. Events of such types are not
 * handed to the coordinator, but for the last one when nothing else is there, so its token still reaches the head.
 */
class FonteComAvisoTest {

    private final FonteComAviso fonte = new FonteComAviso(new Vazia());

    @Test
    void soAcordaQuemPodeTratarAlgumDosTiposNovos() {
        AtomicInteger pedidos = new AtomicInteger();
        AtomicInteger clientes = new AtomicInteger();
        BlockingStream<TrackedEventMessage<?>> dePedidos = aberto(pedidos);
        aberto(clientes).skipMessagesWithPayloadTypeOf(evento(1L));

        fonte.avisar(Set.of(Long.class.getName()));
        assertThat(pedidos).hasValue(1);
        assertThat(clientes).hasValue(0);

        fonte.avisar(Set.of(Long.class.getName(), String.class.getName()));
        assertThat(pedidos).hasValue(2);
        assertThat(clientes).hasValue(1);

        dePedidos.close();
        fonte.avisar(Set.of(String.class.getName()));
        assertThat(pedidos).hasValue(2);
        assertThat(clientes).hasValue(2);
    }

    @Test
    void naoEntregaOsTiposIgnoradosSalvoOUltimoQuandoNadaMaisHa() throws InterruptedException {
        Deque<TrackedEventMessage<?>> fila = new ArrayDeque<>(List.of(evento(1, 10L), evento(2, "a"), evento(3, "b"),
                evento(4, 20L), evento(5, "c"), evento(6, "d")));
        BlockingStream<TrackedEventMessage<?>> fluxo = new FonteComAviso(new DaFila(fila)).openStream(null);
        fluxo.skipMessagesWithPayloadTypeOf(evento(0, "tipo ignorado"));

        List<Long> entregues = new ArrayList<>();
        while (fluxo.hasNextAvailable()) {
            TrackedEventMessage<?> proxima = fluxo.peek().orElseThrow();
            TrackedEventMessage<?> entregue = fluxo.nextAvailable();
            assertThat(entregue).isSameAs(proxima);
            entregues.add(entregue.trackingToken().position().orElseThrow());
        }

        // 2 and 3 are covered by 4; 5 is covered by 6, the last one, handed over since nothing else is left
        assertThat(entregues).containsExactly(1L, 4L, 6L);
        assertThat(fluxo.peek()).isEmpty();

        fila.add(evento(7, "e"));
        fila.add(evento(8, 30L));
        assertThat(fluxo.nextAvailable().trackingToken().position()).hasValue(8L);
        assertThat(fluxo.hasNextAvailable(10, TimeUnit.MILLISECONDS)).isFalse();
    }

    @Test
    void semTiposIgnoradosEntregaTudo() throws InterruptedException {
        Deque<TrackedEventMessage<?>> fila = new ArrayDeque<>(List.of(evento(1, 10L), evento(2, "a"), evento(3, 20L)));
        BlockingStream<TrackedEventMessage<?>> fluxo = new FonteComAviso(new DaFila(fila)).openStream(null);

        List<Object> entregues = new ArrayList<>();
        while (fluxo.hasNextAvailable()) {
            entregues.add(fluxo.nextAvailable().getPayload());
        }

        assertThat(entregues).containsExactly(10L, "a", 20L);
    }

    private BlockingStream<TrackedEventMessage<?>> aberto(AtomicInteger despertares) {
        BlockingStream<TrackedEventMessage<?>> fluxo = fonte.openStream(null);
        assertThat(fluxo.setOnAvailableCallback(despertares::incrementAndGet)).isTrue();
        return fluxo;
    }

    private static TrackedEventMessage<?> evento(long posicao, Object carga) {
        return new GenericTrackedEventMessage<>(new GlobalSequenceTrackingToken(posicao),
                                                GenericEventMessage.asEventMessage(carga));
    }

    private static TrackedEventMessage<?> evento(Object carga) {
        return new GenericTrackedEventMessage<>(new GlobalSequenceTrackingToken(1),
                                                GenericEventMessage.asEventMessage(carga));
    }

    private static final class Vazia implements StreamableMessageSource<TrackedEventMessage<?>> {

        @Override
        public BlockingStream<TrackedEventMessage<?>> openStream(TrackingToken token) {
            return new BlockingStream<>() {
                @Override
                public Optional<TrackedEventMessage<?>> peek() {
                    return Optional.empty();
                }

                @Override
                public boolean hasNextAvailable(int timeout, TimeUnit unit) {
                    return false;
                }

                @Override
                public TrackedEventMessage<?> nextAvailable() {
                    throw new IllegalStateException("vazio");
                }

                @Override
                public void close() {
                }
            };
        }
    }

    /** A stream over a queue the test fills: what is in it is available, nothing else ever arrives by itself. */
    private record DaFila(Deque<TrackedEventMessage<?>> fila) implements StreamableMessageSource<TrackedEventMessage<?>> {

        @Override
        public BlockingStream<TrackedEventMessage<?>> openStream(TrackingToken token) {
            return new BlockingStream<>() {
                @Override
                public Optional<TrackedEventMessage<?>> peek() {
                    return Optional.ofNullable(fila.peek());
                }

                @Override
                public boolean hasNextAvailable(int timeout, TimeUnit unit) {
                    return !fila.isEmpty();
                }

                @Override
                public TrackedEventMessage<?> nextAvailable() {
                    return fila.remove();
                }

                @Override
                public void close() {
                }
            };
        }

        @Override
        public TrackingToken createTailToken() {
            return null;
        }

        @Override
        public TrackingToken createHeadToken() {
            return null;
        }

        @Override
        public TrackingToken createTokenAt(java.time.Instant dateTime) {
            return null;
        }
    }
}
