package br.com.lojaapi.command.pedido.aplicacao;

import br.com.lojaapi.command.produto.EstoqueDosProdutos;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.pedido.CancelarPedidoCommand;
import br.com.lojaapi.coreapi.pedido.ResultadoDoCancelamento;
import br.com.lojaapi.coreapi.produto.DevolverEstoqueDoPedidoCommand;
import br.com.lojaapi.coreapi.produto.ItemSolicitado;
import br.com.lojaapi.coreapi.produto.MotivoDoMovimento;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;

/**
 * PATCH with status {@code CANCELADO}, in one database transaction (the commands run in-thread inside it). Under the
 * order's lock the order cancels itself and decides which lines' stock goes back: all it holds on its first
 * cancellation, none after. Then each of their products, under its stock lock, takes its lines back; a product
 * removed since is skipped, its stock gone with it (a variation removed since is skipped by its product). Any
 * refusal rolls everything back; a concurrency conflict must retry the whole call.
 */
@Service
public class CancelamentoDePedido {

    private final CommandGateway comandos;
    private final TravaDoPedido travaDoPedido;
    private final EstoqueDosProdutos estoque;

    CancelamentoDePedido(CommandGateway comandos, TravaDoPedido travaDoPedido, EstoqueDosProdutos estoque) {
        this.comandos = comandos;
        this.travaDoPedido = travaDoPedido;
        this.estoque = estoque;
    }

    @Transactional
    public List<Escrita> cancelar(CancelarPedidoCommand comando) {
        travaDoPedido.travar(comando.pedidoId());
        ResultadoDoCancelamento cancelado = comandos.sendAndWait(comando);
        List<Escrita> escritas = new ArrayList<>();
        escritas.add(new Escrita(ModeloLeitura.PEDIDO, comando.pedidoId(), cancelado.versao()));
        SortedMap<String, List<ItemSolicitado>> porProduto = ItensPorProduto.de(cancelado.devolver());
        estoque.travar(porProduto.keySet());
        porProduto.forEach((produtoId, itens) -> {
            if (estoque.existe(comando.lojaId(), produtoId)) {
                long versao = comandos.<Long>sendAndWait(new DevolverEstoqueDoPedidoCommand(produtoId,
                        comando.lojaId(), comando.pedidoId(), itens, comando.em(), MotivoDoMovimento.PEDIDO_CANCELADO));
                escritas.add(new Escrita(ModeloLeitura.PRODUTO, produtoId, versao));
            }
        });
        return escritas;
    }
}
