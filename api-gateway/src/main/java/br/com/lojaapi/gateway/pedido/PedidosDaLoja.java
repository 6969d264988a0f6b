package br.com.lojaapi.gateway.pedido;

import br.com.lojaapi.command.pedido.aplicacao.Escrita;
import br.com.lojaapi.coreapi.comum.CarimboQuery;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.pedido.BuscarPedidoQuery;
import br.com.lojaapi.coreapi.pedido.PedidoView;
import br.com.lojaapi.gateway.leitura.RespostaDeEscrita;
import br.com.lojaapi.gateway.web.Recurso;
import br.com.lojaapi.gateway.web.Recursos;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/** An order of the caller's store, for endpoints under /pedidos/{id}: any other id is the order's 404. */
@Component
public class PedidosDaLoja {

    public static final String NAO_ENCONTRADO = PedidoController.NAO_ENCONTRADO;

    private final Recurso<PedidoView> vistas;
    private final Recurso<PedidoJson> pedidos;

    PedidosDaLoja(Recursos recursos) {
        this.vistas = recursos.de(ModeloLeitura.PEDIDO, NAO_ENCONTRADO,
                recursos.consulta(BuscarPedidoQuery::new, PedidoView.class, Function.identity()));
        this.pedidos = recursos.de(ModeloLeitura.PEDIDO, NAO_ENCONTRADO, this::buscar)
                               .comLocal("/v1/pedidos/").comEtag(CarimboQuery.Alvo.PEDIDO);
    }

    /** The order as GET /pedidos/{id} shows it, when it exists in the store. */
    public Optional<PedidoJson> buscar(String lojaId, String pedidoId) {
        return vistas.buscar(lojaId, pedidoId).map(PedidoJson::de);
    }

    public PedidoView exigir(String lojaId, String pedidoId) {
        return vistas.exigir(lojaId, pedidoId);
    }

    /** Orders as the store's API and the operator's edit read and write them. */
    Recurso<PedidoJson> recurso() {
        return pedidos;
    }

    /**
     * Answers an order use case once the read model shows every row it wrote (the order, its products' stock, a
     * customer...): the order, 201 with Location when the use case created it, 200 otherwise.
     */
    ResponseEntity<Object> gravado(String lojaId, boolean criado, String pedidoId, List<Escrita> escritas) {
        List<RespostaDeEscrita.Espera> esperas = escritas.stream()
                .map(e -> new RespostaDeEscrita.Espera(e.modelo(), e.id(), e.versao())).toList();
        long versao = escritas.stream().filter(e -> e.modelo() == ModeloLeitura.PEDIDO)
                              .findFirst().orElseThrow().versao();
        return pedidos.gravado(lojaId, criado, esperas, pedidoId, versao, UnaryOperator.identity());
    }
}
