package br.com.lojaapi.command.comum;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.pedido.PedidoCriadoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoRemovidoEvent;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Whether an order exists in a store and is not deleted, by its own events rather than a read model that may
 * lag. Callers that attach something to an order (an invoice, a carrier label) ask this under the order's
 * advisory lock, which an order deletion takes too, so nothing is attached to an order deleted at that moment.
 */
@Component
public class PedidosVivos {

    public static final String NAO_ENCONTRADO = "Pedido não encontrado";

    private final EventStore eventos;
    private final JdbcTemplate jdbc;

    PedidosVivos(EventStore eventos, JdbcTemplate jdbc) {
        this.eventos = eventos;
        this.jdbc = jdbc;
    }

    /**
     * Takes, until the end of the transaction and on every node, the lock of everything attached to one order.
     * An order deletion takes it before anything else, so it and an attachment never wait on each other.
     */
    public void travar(String lojaId, String pedidoId) {
        Travas.exclusiva(jdbc, "pedido-anexos:" + lojaId + ":" + pedidoId);
    }

    public void exigir(String lojaId, String pedidoId) {
        boolean[] criado = {false};
        boolean[] removido = {false};
        eventos.readEvents(pedidoId).asStream().forEach(evento -> {
            if (evento.getPayload() instanceof PedidoCriadoEvent c && c.lojaId().equals(lojaId)) {
                criado[0] = true;
            } else if (evento.getPayload() instanceof PedidoRemovidoEvent) {
                removido[0] = true;
            }
        });
        if (!criado[0] || removido[0]) {
            throw ErroDeNegocio.naoEncontrado(NAO_ENCONTRADO);
        }
    }
}
