package br.com.lojaapi.gateway.pedido;

import br.com.lojaapi.command.pedido.aplicacao.EdicaoDePedidos;
import br.com.lojaapi.command.pedido.aplicacao.Escrita;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.gateway.admin.Lojas;
import br.com.lojaapi.gateway.web.Ids;
import io.swagger.v3.oas.annotations.Hidden;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import io.swagger.v3.oas.annotations.Operation;

/**
 * The operator's order edit (the "store panel"): lines, quantities, prices, discount and freight of an order that is
 * not cancelled, answered with the order as GET /v1/pedidos/{id} shows it.
 */
@Hidden
@RestController
@RequestMapping(path = "/admin/lojas/{lojaId}/pedidos", produces = "application/json")
class PedidoAdminController {

    private final Lojas lojas;
    private final EdicaoDePedidos edicoes;
    private final PedidosDaLoja pedidos;

    PedidoAdminController(Lojas lojas, EdicaoDePedidos edicoes, PedidosDaLoja pedidos) {
        this.lojas = lojas;
        this.edicoes = edicoes;
        this.pedidos = pedidos;
    }

    @PutMapping(path = "/{pedidoId}", consumes = "application/json")
    @Operation(operationId = "editarPedidoPeloPainel")
    ResponseEntity<Object> editar(@PathVariable String lojaId, @PathVariable String pedidoId,
                                  @RequestBody EdicaoDePedido corpo) {
        lojas.exigir(lojaId);
        Ids.exigir(pedidoId, PedidoController.NAO_ENCONTRADO);
        List<EdicaoDePedidos.LinhaEditada> linhas = linhas(corpo.itens);
        String editadoPor = corpo.editadoPor == null ? null : corpo.editadoPor.orElse(null);
        List<Escrita> escritas = pedidos.recurso().executar(agora -> edicoes.editar(new EdicaoDePedidos.Edicao(
                lojaId, pedidoId, linhas, corpo.desconto, corpo.taxaEntrega, editadoPor, agora)));
        return pedidos.gravado(lojaId, false, pedidoId, escritas);
    }

    private static List<EdicaoDePedidos.LinhaEditada> linhas(Optional<List<EdicaoDePedido.Item>> enviados) {
        if (enviados == null) {
            return null;
        }
        List<EdicaoDePedido.Item> itens = enviados.orElseThrow(() ->
                ErroDeNegocio.invalido("itens não pode ser null; omita o campo para manter os itens"));
        if (itens.isEmpty()) {
            throw ErroDeNegocio.invalido("itens: ao menos um item (omita o campo para manter os itens)");
        }
        List<EdicaoDePedidos.LinhaEditada> linhas = new ArrayList<>();
        for (int i = 0; i < itens.size(); i++) {
            EdicaoDePedido.Item item = itens.get(i);
            String prefixo = "itens[" + i + "]";
            LinhasDoCorpo.conferir(prefixo, item, item == null ? null : item.produtoId,
                    item == null ? null : item.quantidade);
            String id = Ids.opcional(item.id);
            if (id != null && !Ids.valido(id)) {
                throw ErroDeNegocio.invalido(prefixo + ".id não é um item deste pedido");
            }
            Optional<String> opcoes = item.opcoes == null ? null : Optional.ofNullable(LinhasDoCorpo.opcoes(item.opcoes));
            linhas.add(new EdicaoDePedidos.LinhaEditada(id, Ids.novo(), item.produtoId, Ids.opcional(item.variacaoId),
                    item.quantidade, item.precoUnit, item.observacao, opcoes));
        }
        return linhas;
    }
}
