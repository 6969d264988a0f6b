package br.com.lojaapi.gateway.axon;

import org.axonframework.common.stream.BlockingStream;
import org.axonframework.eventhandling.GenericEventMessage;
import org.axonframework.eventhandling.GenericTrackedEventMessage;
import org.axonframework.eventhandling.GlobalSequenceTrackingToken;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.messaging.StreamableMessageSource;
import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A processor's stream is woken for new events unless every one of them is of a payload type its coordinator
 * reported it has no handler for; other streams are not affected by what one skips.
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

    private BlockingStream<TrackedEventMessage<?>> aberto(AtomicInteger despertares) {
        BlockingStream<TrackedEventMessage<?>> fluxo = fonte.openStream(null);
        assertThat(fluxo.setOnAvailableCallback(despertares::incrementAndGet)).isTrue();
        return fluxo;
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
}
