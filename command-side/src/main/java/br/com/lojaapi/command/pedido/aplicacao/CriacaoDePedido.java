package br.com.lojaapi.command.pedido.aplicacao;

import br.com.lojaapi.command.cliente.ClientesDaLoja;
import br.com.lojaapi.command.comum.LeituraAntecipada;
import br.com.lojaapi.command.comum.UmaUnidadeDeTrabalho;
import br.com.lojaapi.command.pedido.NumerosDePedido;
import br.com.lojaapi.command.pedido.RegrasDePedido;
import br.com.lojaapi.command.produto.EstoqueDosProdutos;
import br.com.lojaapi.coreapi.cliente.DadosCliente;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.pedido.ClienteDoPedido;
import br.com.lojaapi.coreapi.pedido.CriarPedidoCommand;
import br.com.lojaapi.coreapi.pedido.ItemDoPedido;
import br.com.lojaapi.coreapi.pedido.LinhaDeEstoque;
import br.com.lojaapi.coreapi.pedido.TipoEntrega;
import br.com.lojaapi.coreapi.produto.ItemCotado;
import br.com.lojaapi.coreapi.produto.ItemSolicitado;
import br.com.lojaapi.coreapi.produto.ItensCotados;
import br.com.lojaapi.coreapi.produto.MotivoDoMovimento;
import br.com.lojaapi.coreapi.produto.TomarEstoqueDoPedidoCommand;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;

/**
 * POST of an order, in one database transaction (the commands run in-thread inside it): each product of the order,
 * under its stock lock, prices its lines and takes their stock (the products are read together, once all their
 * locks are held, and a product that does not exist or was removed is refused as it loads); then the order is
 * created with the store's next number. Any refusal rolls everything back, so no line's stock is ever taken alone
 * and no number is consumed. A concurrency conflict must retry the whole call.
 */
@Service
public class CriacaoDePedido {

    private final CommandGateway comandos;
    private final ClientesDaLoja clientes;
    private final EstoqueDosProdutos estoque;
    private final NumerosDePedido numeros;
    private final LeituraAntecipada leitura;
    private final TransactionTemplate transacao;

    CriacaoDePedido(CommandGateway comandos, ClientesDaLoja clientes, EstoqueDosProdutos estoque,
                    NumerosDePedido numeros, LeituraAntecipada leitura, PlatformTransactionManager transacoes) {
        this.comandos = comandos;
        this.clientes = clientes;
        this.estoque = estoque;
        this.numeros = numeros;
        this.leitura = leitura;
        this.transacao = new TransactionTemplate(transacoes);
    }

    /** An order line as sent: {@code itemId} is the id to give the line, {@code opcoes} JSON text or null. */
    public record Linha(String itemId, String produtoId, String variacaoId, BigDecimal quantidade, String observacao,
                        String opcoes) {
    }

    public record NovoPedido(String lojaId, String pedidoId, TipoEntrega tipoEntrega, ClienteDoPedido cliente,
                             String clienteId, List<Linha> itens, BigDecimal desconto, BigDecimal taxaEntrega,
                             String observacoes, Instant agora) {
    }

    /**
     * The order, in its transaction, once this node's earlier orders for its products are done (they wait in turn
     * without holding a pooled connection each: see {@link EstoqueDosProdutos#naVez}).
     */
    public List<Escrita> criar(NovoPedido pedido) {
        List<String> produtos = pedido.itens().stream().map(Linha::produtoId).filter(Objects::nonNull).toList();
        return estoque.naVez(produtos, () -> transacao.execute(status -> criarNaTransacao(pedido)));
    }

    private List<Escrita> criarNaTransacao(NovoPedido pedido) {
        DadosCliente registrado = pedido.clienteId() == null ? null
                : clientes.dadosDe(pedido.lojaId(), pedido.clienteId()).orElseThrow(() ->
                        ErroDeNegocio.invalido("cliente.id não é um cliente desta loja: " + pedido.clienteId()));
        if (pedido.itens().isEmpty() || pedido.itens().size() > RegrasDePedido.ITENS_MAXIMO) {
            throw ErroDeNegocio.invalido("itens: de 1 a " + RegrasDePedido.ITENS_MAXIMO + " itens por pedido");
        }
        List<LinhaDeEstoque> linhas = new ArrayList<>();
        for (int i = 0; i < pedido.itens().size(); i++) {
            Linha linha = pedido.itens().get(i);
            linhas.add(new LinhaDeEstoque(i, linha.produtoId(), linha.variacaoId(), linha.quantidade()));
        }
        SortedMap<String, List<ItemSolicitado>> porProduto = ItensPorProduto.de(linhas);
        estoque.travar(porProduto.keySet());
        leitura.antecipar(porProduto.keySet());
        return UmaUnidadeDeTrabalho.executar(() -> tomarECriar(pedido, registrado, porProduto));
    }

    /**
     * The commands, as one root unit of work: their events are appended together when it commits, and the store's
     * order number, taken last, is held only for that append and the commit.
     */
    private List<Escrita> tomarECriar(NovoPedido pedido, DadosCliente registrado,
                                      SortedMap<String, List<ItemSolicitado>> porProduto) {
        List<Escrita> escritas = new ArrayList<>();
        Map<Integer, ItemCotado> cotados = new HashMap<>();
        porProduto.forEach((produtoId, itens) -> {
            ItensCotados resultado;
            try {
                resultado = comandos.sendAndWait(new TomarEstoqueDoPedidoCommand(produtoId, pedido.lojaId(),
                        pedido.pedidoId(), itens, pedido.agora(), MotivoDoMovimento.PEDIDO_CRIADO));
            } catch (AggregateNotFoundException e) {
                // never created, or removed (AggregateDeletedException is one): found out by loading the product under
                // its lock, with no query of its own; another store's product is refused by its handler, in the same
                // words
                throw EstoqueDosProdutos.naoEncontrado(itens.get(0).indice(), produtoId);
            }
            resultado.itens().forEach(item -> cotados.put(item.indice(), item));
            escritas.add(new Escrita(ModeloLeitura.PRODUTO, produtoId, resultado.versao()));
        });
        List<ItemDoPedido> itens = new ArrayList<>();
        for (int i = 0; i < pedido.itens().size(); i++) {
            Linha linha = pedido.itens().get(i);
            ItemCotado cotado = cotados.get(i);
            itens.add(new ItemDoPedido(linha.itemId(), cotado.produto(), cotado.variacao(), cotado.quantidade(),
                    cotado.precoUnit(), linha.observacao(), linha.opcoes()));
        }
        long versao = comandos.sendAndWait(new CriarPedidoCommand(pedido.pedidoId(), pedido.lojaId(),
                numeros.proximo(pedido.lojaId()), pedido.tipoEntrega(), pedido.cliente(), pedido.clienteId(),
                registrado, itens, pedido.desconto(), pedido.taxaEntrega(), pedido.observacoes(), true,
                pedido.agora()));
        escritas.add(new Escrita(ModeloLeitura.PEDIDO, pedido.pedidoId(), versao));
        return escritas;
    }
}
