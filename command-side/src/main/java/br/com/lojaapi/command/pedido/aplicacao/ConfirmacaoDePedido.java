package br.com.lojaapi.command.pedido.aplicacao;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.pedido.ConfirmarPedidoCommand;
import br.com.lojaapi.coreapi.pedido.ResultadoDaConfirmacao;
import br.com.lojaapi.coreapi.produto.ItemSolicitado;
import br.com.lojaapi.coreapi.produto.ItensCotados;
import br.com.lojaapi.coreapi.produto.MotivoDoMovimento;
import br.com.lojaapi.coreapi.produto.TomarEstoqueDoPedidoCommand;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * PATCH with status {@code CONFIRMADO}, in one database transaction like a cancellation ({@link PassosDoPedido}).
 * Under the order's lock the order confirms itself and decides whether it takes its lines' stock now (only a pending
 * order created without taking it). Then each of their products, under its stock lock, takes its lines or refuses;
 * a product removed since refuses the whole confirmation.
 */
@Service
public class ConfirmacaoDePedido {

    private final PassosDoPedido passos;

    ConfirmacaoDePedido(PassosDoPedido passos) {
        this.passos = passos;
    }

    @Transactional
    public List<Escrita> confirmar(ConfirmarPedidoCommand comando) {
        ResultadoDaConfirmacao confirmado = passos.noPedido(comando.pedidoId(), comando);
        List<Escrita> escritas = new ArrayList<>();
        escritas.add(new Escrita(ModeloLeitura.PEDIDO, comando.pedidoId(), confirmado.versao()));
        Map<String, ItensCotados> tomados = passos.nosProdutos(comando.lojaId(), ItensPorProduto.de(confirmado.tomar()),
                (String produtoId, List<ItemSolicitado> itens, boolean existe) -> {
                    if (!existe) {
                        throw ErroDeNegocio.invalido("itens[" + itens.get(0).indice() + "]: o produto " + produtoId
                                + " foi removido; o pedido não pode tomar seu estoque");
                    }
                    return new TomarEstoqueDoPedidoCommand(produtoId, comando.lojaId(), comando.pedidoId(), itens,
                            comando.em(), MotivoDoMovimento.PEDIDO_CONFIRMADO);
                });
        tomados.forEach((produtoId, t) -> escritas.add(new Escrita(ModeloLeitura.PRODUTO, produtoId, t.versao())));
        return escritas;
    }
}
