package br.com.lojaapi.gateway.axon;

import org.axonframework.common.stream.BlockingStream;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.messaging.StreamableMessageSource;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The event source of the pooled streaming processors: the event store's own streams, plus the availability
 * callback that the embedded event store does not offer. Without it a pooled processor's coordinator, once caught
 * up, re-checks for events only every 500 ms; with it, it is scheduled as soon as {@link #avisar()} reports new
 * events in the store's cache.
 */
public class FonteComAviso implements StreamableMessageSource<TrackedEventMessage<?>> {

    private final StreamableMessageSource<TrackedEventMessage<?>> eventos;
    private final Set<Fluxo> abertos = ConcurrentHashMap.newKeySet();

    public FonteComAviso(StreamableMessageSource<TrackedEventMessage<?>> eventos) {
        this.eventos = eventos;
    }

    @Override
    public BlockingStream<TrackedEventMessage<?>> openStream(TrackingToken token) {
        Fluxo fluxo = new Fluxo(eventos.openStream(token));
        abertos.add(fluxo);
        return fluxo;
    }

    @Override
    public TrackingToken createTailToken() {
        return eventos.createTailToken();
    }

    @Override
    public TrackingToken createHeadToken() {
        return eventos.createHeadToken();
    }

    @Override
    public TrackingToken createTokenAt(Instant dateTime) {
        return eventos.createTokenAt(dateTime);
    }

    @Override
    public TrackingToken createTokenSince(Duration duration) {
        return eventos.createTokenSince(duration);
    }

    /** New events are readable from the store: wake every stream's consumer. */
    public void avisar() {
        abertos.forEach(Fluxo::avisar);
    }

    private final class Fluxo implements BlockingStream<TrackedEventMessage<?>> {

        private final BlockingStream<TrackedEventMessage<?>> delegado;
        private volatile Runnable aoDisponivel;

        private Fluxo(BlockingStream<TrackedEventMessage<?>> delegado) {
            this.delegado = delegado;
        }

        void avisar() {
            Runnable callback = aoDisponivel;
            if (callback != null) {
                callback.run();
            }
        }

        @Override
        public boolean setOnAvailableCallback(Runnable callback) {
            aoDisponivel = callback;
            return true;
        }

        @Override
        public Optional<TrackedEventMessage<?>> peek() {
            return delegado.peek();
        }

        @Override
        public boolean hasNextAvailable(int timeout, TimeUnit unit) throws InterruptedException {
            return delegado.hasNextAvailable(timeout, unit);
        }

        @Override
        public TrackedEventMessage<?> nextAvailable() throws InterruptedException {
            return delegado.nextAvailable();
        }

        @Override
        public void skipMessagesWithPayloadTypeOf(TrackedEventMessage<?> ignoredMessage) {
            delegado.skipMessagesWithPayloadTypeOf(ignoredMessage);
        }

        @Override
        public void close() {
            abertos.remove(this);
            aoDisponivel = null;
            delegado.close();
        }
    }
}
