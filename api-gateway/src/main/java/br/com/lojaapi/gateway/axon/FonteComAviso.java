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
 * up, re-checks for events only every 500 ms; with it, it is scheduled as soon as {@link #avisar(Set)} reports new
 * events in the store's cache.
 * <p>
 * A stream is woken only for events its processor may handle: the coordinator reports each payload type its
 * processor has no handler for ({@link BlockingStream#skipMessagesWithPayloadTypeOf}), and new events all of such
 * types do not wake it. It still reads them at its next regular look
 * ({@code loja.processadores.intervalo-de-reivindicacao}). An order then wakes the processors with a handler for
 * its events (the order and product projections, the event feed, webhook dispatch), not the eight others.
 * <p>
 * Nor are such events handed to the coordinator, as that method allows (Axon Server does the same on its side; the
 * embedded store's streams ignore it). Each one cost the coordinator a walk of every work package's queue and a
 * slot in each: under a webhook fan-out, about 15% of the service's CPU went to processors that handle none of its
 * events. The last one skipped is handed over when nothing else is there to read, so the processor's token still
 * reaches the head whenever it catches up, and its position and lag read as before (decision 081).
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

    /**
     * New events, of the payload types {@code tipos} (class names), are readable from the store: wake the consumer
     * of every stream that may handle one of them.
     */
    public void avisar(Set<String> tipos) {
        for (Fluxo fluxo : abertos) {
            if (!fluxo.ignorados.containsAll(tipos)) {
                fluxo.avisar();
            }
        }
    }

    private final class Fluxo implements BlockingStream<TrackedEventMessage<?>> {

        private final BlockingStream<TrackedEventMessage<?>> delegado;
        /** Payload types its processor has no handler for: only grows, since handlers never change. */
        private final Set<String> ignorados = ConcurrentHashMap.newKeySet();
        private volatile Runnable aoDisponivel;
        /** The last event skipped and not yet handed over: given when nothing else is there to read. */
        private TrackedEventMessage<?> retido;

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
            descartarIgnorados();
            Optional<TrackedEventMessage<?>> proxima = delegado.peek();
            return proxima.isPresent() ? proxima : Optional.ofNullable(retido);
        }

        @Override
        public boolean hasNextAvailable(int timeout, TimeUnit unit) throws InterruptedException {
            long limite = System.nanoTime() + unit.toNanos(timeout);
            while (true) {
                descartarIgnorados();
                if (delegado.peek().isPresent() || retido != null) {
                    return true;
                }
                long resta = limite - System.nanoTime();
                if (resta <= 0 || !delegado.hasNextAvailable((int) Math.max(1, TimeUnit.NANOSECONDS.toMillis(resta)),
                        TimeUnit.MILLISECONDS)) {
                    descartarIgnorados();
                    return delegado.peek().isPresent() || retido != null;
                }
            }
        }

        @Override
        public TrackedEventMessage<?> nextAvailable() throws InterruptedException {
            while (true) {
                descartarIgnorados();
                if (delegado.peek().isPresent()) {
                    // a later event's token covers the one held back
                    retido = null;
                    return delegado.nextAvailable();
                }
                if (retido != null) {
                    TrackedEventMessage<?> ultima = retido;
                    retido = null;
                    return ultima;
                }
                delegado.hasNextAvailable(Integer.MAX_VALUE, TimeUnit.MILLISECONDS);
            }
        }

        /**
         * Reads past the events at the head of the stream that its processor has no handler for, holding back the
         * last of them. Only the coordinator's thread reads a stream, and only what is already there: never blocks.
         */
        private void descartarIgnorados() {
            if (ignorados.isEmpty()) {
                return;
            }
            Optional<TrackedEventMessage<?>> proxima;
            while ((proxima = delegado.peek()).isPresent()
                   && ignorados.contains(proxima.get().getPayloadType().getName())) {
                try {
                    retido = delegado.nextAvailable();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }

        @Override
        public void skipMessagesWithPayloadTypeOf(TrackedEventMessage<?> ignoredMessage) {
            ignorados.add(ignoredMessage.getPayloadType().getName());
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
