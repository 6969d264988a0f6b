package br.com.lojaapi.gateway.axon;

import org.axonframework.eventhandling.EventHandlerInvoker;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.MultiEventHandlerInvoker;
import org.axonframework.eventhandling.Segment;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A processor's handlers, with the answers that never change remembered: whether they support a reset, and
 * whether any of them handles a payload type. Axon asks both for every event and every processor, on the request
 * thread for the subscribing ones and on every coordinator for the streaming ones, and works each out by walking
 * every handler method of every handler class (8.7% of a JFR profile of orders taken 10 s into the load; once the
 * JIT has settled, less than the spread between runs). An event whose payload type none of them handles is
 * answered no without asking the handlers.
 */
final class InvocadorComMemoria implements EventHandlerInvoker {

    private final EventHandlerInvoker tratadores;
    private final boolean reinicia;
    private final Map<Class<?>, Boolean> tipos = new ConcurrentHashMap<>();

    private InvocadorComMemoria(EventHandlerInvoker tratadores) {
        this.tratadores = tratadores;
        this.reinicia = tratadores.supportsReset();
    }

    /** Each of a {@link MultiEventHandlerInvoker}'s invokers with its answers remembered; any other one itself. */
    static EventHandlerInvoker de(EventHandlerInvoker tratadores) {
        if (tratadores instanceof MultiEventHandlerInvoker varios) {
            return new MultiEventHandlerInvoker(varios.delegates().stream().map(InvocadorComMemoria::de).toList());
        }
        return tratadores instanceof InvocadorComMemoria ? tratadores : new InvocadorComMemoria(tratadores);
    }

    @Override
    public boolean canHandle(EventMessage<?> evento, Segment segmento) {
        return canHandleType(evento.getPayloadType()) && tratadores.canHandle(evento, segmento);
    }

    @Override
    public boolean canHandleType(Class<?> tipo) {
        return tipos.computeIfAbsent(tipo, tratadores::canHandleType);
    }

    @Override
    public void handle(EventMessage<?> evento, Segment segmento) throws Exception {
        tratadores.handle(evento, segmento);
    }

    @Override
    public boolean supportsReset() {
        return reinicia;
    }

    @Override
    public void performReset() {
        tratadores.performReset();
    }

    @Override
    public <R> void performReset(R contexto) {
        tratadores.performReset(contexto);
    }

    @Override
    public void segmentReleased(Segment segmento) {
        tratadores.segmentReleased(segmento);
    }
}
