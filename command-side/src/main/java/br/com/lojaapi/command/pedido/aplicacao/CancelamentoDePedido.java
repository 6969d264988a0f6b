package br.com.lojaapi.command.pedido.aplicacao;

import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.pedido.CancelarPedidoCommand;
import br.com.lojaapi.coreapi.pedido.ResultadoDoCancelamento;
import br.com.lojaapi.coreapi.produto.DevolverEstoqueDoPedidoCommand;
import br.com.lojaapi.coreapi.produto.ItemSolicitado;
import br.com.lojaapi.coreapi.produto.MotivoDoMovimento;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * PATCH with status {@code CANCELADO}, in one database transaction ({@link PassosDoPedido}). Under the order's lock
 * the order cancels itself and decides which lines' stock goes back: all it holds on its first cancellation, none
 * after. Then each of their products, under its stock lock, takes its lines back; a product removed since is
 * skipped, its stock gone with it (a variation removed since is skipped by its product).
 */
@Service
public class CancelamentoDePedido {

    private final PassosDoPedido passos;

    CancelamentoDePedido(PassosDoPedido passos) {
        this.passos = passos;
    }

    @Transactional
    public List<Escrita> cancelar(CancelarPedidoCommand comando) {
        ResultadoDoCancelamento cancelado = passos.noPedido(comando.pedidoId(), comando);
        List<Escrita> escritas = new ArrayList<>();
        escritas.add(new Escrita(ModeloLeitura.PEDIDO, comando.pedidoId(), cancelado.versao()));
        Map<String, Long> devolvidos = passos.nosProdutos(comando.lojaId(), ItensPorProduto.de(cancelado.devolver()),
                (String produtoId, List<ItemSolicitado> itens, boolean existe) -> existe
                        ? new DevolverEstoqueDoPedidoCommand(produtoId, comando.lojaId(), comando.pedidoId(), itens,
                                comando.em(), MotivoDoMovimento.PEDIDO_CANCELADO)
                        : null);
        devolvidos.forEach((produtoId, versao) -> escritas.add(new Escrita(ModeloLeitura.PRODUTO, produtoId, versao)));
        return escritas;
    }
}
