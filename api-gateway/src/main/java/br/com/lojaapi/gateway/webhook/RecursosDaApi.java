package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.command.entrega.RecursosComoGet;
import br.com.lojaapi.coreapi.cliente.ClienteView;
import br.com.lojaapi.coreapi.etiqueta.EstadoDaEtiqueta;
import br.com.lojaapi.coreapi.notafiscal.EstadoDaNota;
import br.com.lojaapi.coreapi.pedido.ItemDoPedido;
import br.com.lojaapi.gateway.cliente.ClienteJson;
import br.com.lojaapi.gateway.envio.EtiquetaDeEnvioJson;
import br.com.lojaapi.gateway.notafiscal.NotaFiscalJson;
import br.com.lojaapi.gateway.pedido.PedidoJson;
import br.com.lojaapi.gateway.produto.ProdutoComoGet;
import br.com.lojaapi.gateway.produto.ProdutoJson;
import org.springframework.stereotype.Component;

/**
 * The resources a webhook shows, as the API's GET answers show them: the web types themselves. The description
 * ({@link DescricaoDosWebhooks}) publishes each representation with the schema of the type returned here.
 */
@Component
class RecursosDaApi implements RecursosComoGet {

    private final ProdutoComoGet produtos;

    RecursosDaApi(ProdutoComoGet produtos) {
        this.produtos = produtos;
    }

    @Override
    public ClienteJson cliente(ClienteView cliente) {
        return ClienteJson.de(cliente);
    }

    @Override
    public NotaFiscalJson notaFiscal(EstadoDaNota nota, long versao) {
        return NotaFiscalJson.de(nota, versao, null);
    }

    @Override
    public EtiquetaDeEnvioJson etiqueta(EstadoDaEtiqueta etiqueta, long versao) {
        return EtiquetaDeEnvioJson.de(etiqueta, versao, null);
    }

    @Override
    public PedidoJson.Item item(ItemDoPedido item) {
        return PedidoJson.item(item);
    }

    @Override
    public ProdutoJson produto(String lojaId, String produtoId, long versao) {
        return produtos.naVersao(lojaId, produtoId, versao);
    }
}
