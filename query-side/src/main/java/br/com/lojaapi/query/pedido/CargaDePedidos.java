package br.com.lojaapi.query.pedido;

import br.com.lojaapi.coreapi.pedido.PedidoCanceladoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoCriadoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoEditadoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoPagoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoRemovidoEvent;
import br.com.lojaapi.coreapi.pedido.RastreioDoPedidoDefinidoEvent;
import br.com.lojaapi.coreapi.pedido.StatusDoPedidoAlteradoEvent;
import br.com.lojaapi.query.processamento.reconstrucao.CargaEmMassa;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The bulk load of {@code pedido-view}'s rebuild: the orders created in a range of the event store, each folded by
 * {@link PedidoProjection.Novo} (the rules the handlers fold a batch with) into the row the handlers would write.
 * Events of orders created in an earlier range are left to the handlers.
 */
@Component
class CargaDePedidos implements CargaEmMassa {

    @Override
    public String processador() {
        return "pedido-view";
    }

    @Override
    public List<Class<?>> eventos() {
        return List.of(PedidoCriadoEvent.class, StatusDoPedidoAlteradoEvent.class, PedidoEditadoEvent.class,
                PedidoCanceladoEvent.class, PedidoPagoEvent.class, RastreioDoPedidoDefinidoEvent.class,
                PedidoRemovidoEvent.class);
    }

    @Override
    public String tabela() {
        return "pedido_view";
    }

    @Override
    public List<String> colunas() {
        return PedidoProjection.COLUNAS;
    }

    @Override
    public Dobra dobra() {
        Map<String, PedidoProjection.Novo> novos = new HashMap<>();
        return new Dobra() {
            @Override
            public boolean dobrar(Object evento, long sequencia, long indice) {
                if (evento instanceof PedidoCriadoEvent criacao) {
                    // as the handler: a creation seen twice keeps the first
                    novos.putIfAbsent(criacao.pedidoId(), new PedidoProjection.Novo(criacao, sequencia, indice));
                    return true;
                }
                PedidoProjection.Novo novo = novos.get(pedidoDe(evento));
                if (novo == null) {
                    return false;
                }
                if (novo.aplica(sequencia, () -> indice) && !novo.dobrar(evento)) {
                    throw new IllegalStateException("Evento sem regra na carga de pedidos: " + evento.getClass());
                }
                return true;
            }

            @Override
            public List<Object[]> linhas() {
                List<Object[]> linhas = new ArrayList<>(novos.size());
                novos.values().forEach(novo -> linhas.add(novo.valores()));
                return linhas;
            }
        };
    }

    private static String pedidoDe(Object evento) {
        if (evento instanceof StatusDoPedidoAlteradoEvent e) {
            return e.pedidoId();
        } else if (evento instanceof PedidoEditadoEvent e) {
            return e.pedidoId();
        } else if (evento instanceof PedidoCanceladoEvent e) {
            return e.pedidoId();
        } else if (evento instanceof PedidoPagoEvent e) {
            return e.pedidoId();
        } else if (evento instanceof RastreioDoPedidoDefinidoEvent e) {
            return e.pedidoId();
        } else if (evento instanceof PedidoRemovidoEvent e) {
            return e.pedidoId();
        }
        return null;
    }
}
