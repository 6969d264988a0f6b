package br.com.lojaapi.command.pedido.aplicacao;

import br.com.lojaapi.command.produto.EstoqueDosProdutos;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.pedido.ConfirmarPedidoCommand;
import br.com.lojaapi.coreapi.pedido.ResultadoDaConfirmacao;
import br.com.lojaapi.coreapi.produto.ItemSolicitado;
import br.com.lojaapi.coreapi.produto.ItensCotados;
import br.com.lojaapi.coreapi.produto.MotivoDoMovimento;
import br.com.lojaapi.coreapi.produto.TomarEstoqueDoPedidoCommand;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;

/**
 * PATCH with status {@code CONFIRMADO}, in one database transaction like a cancellation. Under the order's lock the
 * order confirms itself and decides whether it takes its lines' stock now (only a pending order created without
 * taking it). Then each of their products, under its stock lock, takes its lines or refuses; a product removed since
 * refuses the whole confirmation. Any refusal rolls everything back.
 */
@Service
public class ConfirmacaoDePedido {

    private final CommandGateway comandos;
    private final TravaDoPedido travaDoPedido;
    private final EstoqueDosProdutos estoque;

    ConfirmacaoDePedido(CommandGateway comandos, TravaDoPedido travaDoPedido, EstoqueDosProdutos estoque) {
        this.comandos = comandos;
        this.travaDoPedido = travaDoPedido;
        this.estoque = estoque;
    }

    @Transactional
    public List<Escrita> confirmar(ConfirmarPedidoCommand comando) {
        travaDoPedido.travar(comando.pedidoId());
        ResultadoDaConfirmacao confirmado = comandos.sendAndWait(comando);
        List<Escrita> escritas = new ArrayList<>();
        escritas.add(new Escrita(ModeloLeitura.PEDIDO, comando.pedidoId(), confirmado.versao()));
        SortedMap<String, List<ItemSolicitado>> porProduto = ItensPorProduto.de(confirmado.tomar());
        estoque.travar(porProduto.keySet());
        porProduto.forEach((produtoId, itens) -> {
            if (!estoque.existe(comando.lojaId(), produtoId)) {
                throw ErroDeNegocio.invalido("itens[" + itens.get(0).indice() + "]: o produto " + produtoId
                        + " foi removido; o pedido não pode tomar seu estoque");
            }
            ItensCotados tomados = comandos.sendAndWait(new TomarEstoqueDoPedidoCommand(produtoId, comando.lojaId(),
                    comando.pedidoId(), itens, comando.em(), MotivoDoMovimento.PEDIDO_CONFIRMADO));
            escritas.add(new Escrita(ModeloLeitura.PRODUTO, produtoId, tomados.versao()));
        });
        return escritas;
    }
}
