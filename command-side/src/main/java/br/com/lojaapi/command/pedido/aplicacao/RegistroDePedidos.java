package br.com.lojaapi.command.pedido.aplicacao;

import br.com.lojaapi.command.cliente.ClientesDaLoja;
import br.com.lojaapi.command.comum.PedidosVivos;
import br.com.lojaapi.command.etiqueta.RegistroDeEtiquetas;
import br.com.lojaapi.command.notafiscal.RegistroDeNotasFiscais;
import br.com.lojaapi.command.pedido.NumerosDePedido;
import br.com.lojaapi.command.pedido.RegrasDePedido;
import br.com.lojaapi.command.produto.EstoqueDosProdutos;
import br.com.lojaapi.coreapi.cliente.DadosCliente;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import br.com.lojaapi.coreapi.pedido.AlterarStatusDoPedidoCommand;
import br.com.lojaapi.coreapi.etiqueta.ResultadoDaEtiqueta;
import br.com.lojaapi.coreapi.notafiscal.ResultadoDaNota;
import br.com.lojaapi.coreapi.pedido.ClienteDoPedido;
import br.com.lojaapi.coreapi.pedido.CriarPedidoCommand;
import br.com.lojaapi.coreapi.pedido.ItemDoPedido;
import br.com.lojaapi.coreapi.pedido.LinhaDeEstoque;
import br.com.lojaapi.coreapi.pedido.MovimentoDoPedido;
import br.com.lojaapi.coreapi.pedido.PedidoExcluido;
import br.com.lojaapi.coreapi.pedido.RemoverPedidoCommand;
import br.com.lojaapi.coreapi.pedido.ResultadoDeStatus;
import br.com.lojaapi.coreapi.pedido.TipoEntrega;
import br.com.lojaapi.coreapi.produto.DevolverEstoqueDoPedidoCommand;
import br.com.lojaapi.coreapi.produto.ItemCotado;
import br.com.lojaapi.coreapi.produto.ItemSolicitado;
import br.com.lojaapi.coreapi.produto.ItensCotados;
import br.com.lojaapi.coreapi.produto.MotivoDoMovimento;
import br.com.lojaapi.coreapi.produto.TomarEstoqueDoPedidoCommand;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Orders and stock in one database transaction (the commands run in-thread inside it): creation takes the stock of
 * every line from its product, then the order is created; a status change that calls for it takes or gives back
 * the stock. Any refusal rolls everything back, so no line's stock is ever taken alone. A concurrency conflict
 * must retry the whole call.
 */
@Service
public class RegistroDePedidos {

    private final CommandGateway comandos;
    private final RegistroDeNotasFiscais notasFiscais;
    private final RegistroDeEtiquetas etiquetas;
    private final PedidosVivos pedidosVivos;
    private final ClientesDaLoja clientes;
    private final EstoqueDosProdutos estoque;
    private final NumerosDePedido numeros;
    private final TravaDoPedido travaDoPedido;

    RegistroDePedidos(CommandGateway comandos, RegistroDeNotasFiscais notasFiscais, RegistroDeEtiquetas etiquetas,
                      PedidosVivos pedidosVivos, ClientesDaLoja clientes, EstoqueDosProdutos estoque,
                      NumerosDePedido numeros, TravaDoPedido travaDoPedido) {
        this.comandos = comandos;
        this.notasFiscais = notasFiscais;
        this.etiquetas = etiquetas;
        this.pedidosVivos = pedidosVivos;
        this.clientes = clientes;
        this.estoque = estoque;
        this.numeros = numeros;
        this.travaDoPedido = travaDoPedido;
    }

    /** An order line as sent: {@code itemId} is the id to give the line, {@code opcoes} JSON text or null. */
    public record Linha(String itemId, String produtoId, String variacaoId, BigDecimal quantidade, String observacao,
                        String opcoes) {
    }

    public record NovoPedido(String lojaId, String pedidoId, TipoEntrega tipoEntrega, ClienteDoPedido cliente,
                             String clienteId, List<Linha> itens, BigDecimal desconto, BigDecimal taxaEntrega,
                             String observacoes, Instant agora) {
    }

    /** A read-model row the call changed, at the version a reader must wait for. */
    public record Escrita(ModeloLeitura modelo, String id, long versao) {
    }

    /** The deleted order, and the removals of its invoices and carrier labels, deleted with it. */
    public record Exclusao(PedidoExcluido pedido, List<ResultadoDaNota> notasFiscais,
                           List<ResultadoDaEtiqueta> etiquetas) {
    }

    /**
     * DELETE of a cancelled order: the order and, in the same transaction, every invoice and carrier label
     * linked to it, so nothing outlives its order (an invoice would keep its key taken).
     */
    @Transactional
    public Exclusao excluir(String lojaId, String pedidoId, Instant agora, VersaoEsperada esperada) {
        pedidosVivos.travar(lojaId, pedidoId);
        PedidoExcluido excluido = comandos.sendAndWait(new RemoverPedidoCommand(pedidoId, lojaId, agora, esperada));
        return new Exclusao(excluido, notasFiscais.removerDoPedido(lojaId, pedidoId, agora),
                etiquetas.removerDoPedido(lojaId, pedidoId, agora));
    }

    @Transactional
    public List<Escrita> criar(NovoPedido pedido) {
        DadosCliente registrado = null;
        if (pedido.clienteId() != null) {
            registrado = clientes.dadosDe(pedido.lojaId(), pedido.clienteId()).orElseThrow(() ->
                    ErroDeNegocio.invalido("cliente.id não é um cliente desta loja: " + pedido.clienteId()));
        }
        if (pedido.itens().isEmpty() || pedido.itens().size() > RegrasDePedido.ITENS_MAXIMO) {
            throw ErroDeNegocio.invalido("itens: de 1 a " + RegrasDePedido.ITENS_MAXIMO + " itens por pedido");
        }
        Map<String, List<ItemSolicitado>> porProduto = new TreeMap<>();
        for (int i = 0; i < pedido.itens().size(); i++) {
            Linha linha = pedido.itens().get(i);
            porProduto.computeIfAbsent(linha.produtoId(), p -> new ArrayList<>())
                      .add(new ItemSolicitado(i, linha.variacaoId(), linha.quantidade()));
        }
        estoque.travar(porProduto.keySet());
        List<Escrita> escritas = new ArrayList<>();
        Map<Integer, ItemCotado> cotados = new HashMap<>();
        porProduto.forEach((produtoId, itens) -> {
            if (!estoque.existe(pedido.lojaId(), produtoId)) {
                throw ErroDeNegocio.invalido("itens[" + itens.get(0).indice() + "]: produto não encontrado nesta loja: "
                        + produtoId);
            }
            ItensCotados resultado = comandos.sendAndWait(new TomarEstoqueDoPedidoCommand(produtoId, pedido.lojaId(),
                    pedido.pedidoId(), itens, pedido.agora(), MotivoDoMovimento.PEDIDO_CRIADO));
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

    /**
     * PATCH of the status. Changes of one order are queued by a lock on it, on every node; the stock movement the
     * order asks for is carried out on its products (those removed since are skipped when giving back).
     */
    @Transactional
    public List<Escrita> alterarStatus(AlterarStatusDoPedidoCommand comando) {
        travaDoPedido.travar(comando.pedidoId());
        ResultadoDeStatus resultado = comandos.sendAndWait(comando);
        List<Escrita> escritas = new ArrayList<>();
        escritas.add(new Escrita(ModeloLeitura.PEDIDO, comando.pedidoId(), resultado.versao()));
        if (resultado.movimento() == MovimentoDoPedido.NENHUM) {
            return escritas;
        }
        Map<String, List<ItemSolicitado>> porProduto = new TreeMap<>();
        for (LinhaDeEstoque linha : resultado.linhas()) {
            porProduto.computeIfAbsent(linha.produtoId(), p -> new ArrayList<>())
                      .add(new ItemSolicitado(linha.indice(), linha.variacaoId(), linha.quantidade()));
        }
        estoque.travar(porProduto.keySet());
        porProduto.forEach((produtoId, itens) -> {
            boolean existe = estoque.existe(comando.lojaId(), produtoId);
            long versao;
            if (resultado.movimento() == MovimentoDoPedido.TOMAR) {
                if (!existe) {
                    throw ErroDeNegocio.invalido("itens[" + itens.get(0).indice() + "]: o produto " + produtoId
                            + " foi removido; o pedido não pode tomar seu estoque");
                }
                versao = comandos.<ItensCotados>sendAndWait(new TomarEstoqueDoPedidoCommand(produtoId,
                        comando.lojaId(), comando.pedidoId(), itens, comando.em(), MotivoDoMovimento.PEDIDO_CONFIRMADO))
                        .versao();
            } else if (existe) {
                versao = comandos.<Long>sendAndWait(new DevolverEstoqueDoPedidoCommand(produtoId, comando.lojaId(),
                        comando.pedidoId(), itens, comando.em(), MotivoDoMovimento.PEDIDO_CANCELADO));
            } else {
                return;
            }
            escritas.add(new Escrita(ModeloLeitura.PRODUTO, produtoId, versao));
        });
        return escritas;
    }
}
