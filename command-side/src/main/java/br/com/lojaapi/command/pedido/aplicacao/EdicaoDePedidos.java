package br.com.lojaapi.command.pedido.aplicacao;

import br.com.lojaapi.command.comum.Numeros;
import br.com.lojaapi.command.pedido.RegrasDePedido;
import br.com.lojaapi.command.produto.EstoqueDosProdutos;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.pedido.EditarPedidoCommand;
import br.com.lojaapi.coreapi.pedido.ItemDoPedido;
import br.com.lojaapi.coreapi.pedido.PedidoEmEdicao;
import br.com.lojaapi.coreapi.pedido.PrepararEdicaoDoPedidoCommand;
import br.com.lojaapi.coreapi.produto.AjustarEstoqueDoPedidoCommand;
import br.com.lojaapi.coreapi.produto.ItemCotado;
import br.com.lojaapi.coreapi.produto.ItemSolicitado;
import br.com.lojaapi.coreapi.produto.ItensCotados;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The operator's edit of an order, in one database transaction ({@link PassosDoPedido}): under the order's lock the
 * order says whether it may be edited and which lines it holds; each product concerned, under its stock lock, prices
 * the new and changed lines and moves only the stock difference; then the order records the edit. Any refusal (a
 * line without stock, a discount above the total) rolls everything back.
 */
@Service
public class EdicaoDePedidos {

    private final PassosDoPedido passos;

    EdicaoDePedidos(PassosDoPedido passos) {
        this.passos = passos;
    }

    /**
     * A line of the edit. {@code id} names a line of the order to keep (its price too, unless {@code precoUnit} is
     * sent); without it the line is new and gets {@code idNovo}. {@code observacao} and {@code opcoes} (JSON text)
     * are tri-state: null = not sent (a kept line keeps its own), empty = sent as null.
     */
    public record LinhaEditada(String id, String idNovo, String produtoId, String variacaoId, BigDecimal quantidade,
                               BigDecimal precoUnit, Optional<String> observacao, Optional<String> opcoes) {
    }

    /** {@code itens} null keeps the lines; {@code desconto} and {@code taxaEntrega} as in {@link EditarPedidoCommand}. */
    public record Edicao(String lojaId, String pedidoId, List<LinhaEditada> itens, Optional<BigDecimal> desconto,
                         Optional<BigDecimal> taxaEntrega, String editadoPor, Instant agora) {
    }

    /** A line of the edit and the order's line it keeps or changes (null for a new line), its numbers checked. */
    private record Par(int indice, LinhaEditada linha, ItemDoPedido anterior, BigDecimal quantidade, BigDecimal preco) {

        boolean mantida() {
            return anterior != null && quantidade.compareTo(anterior.quantidade()) == 0;
        }
    }

    @Transactional
    public List<Escrita> editar(Edicao edicao) {
        PedidoEmEdicao atual = passos.noPedido(edicao.pedidoId(), new PrepararEdicaoDoPedidoCommand(
                edicao.pedidoId(), edicao.lojaId()));
        List<Escrita> escritas = new ArrayList<>();
        List<ItemDoPedido> itens = edicao.itens() == null ? null : linhas(edicao, atual, escritas);
        long versao = passos.<Long>enviar(new EditarPedidoCommand(edicao.pedidoId(), edicao.lojaId(), itens,
                edicao.desconto(), edicao.taxaEntrega(), edicao.editadoPor(), edicao.agora()));
        escritas.add(new Escrita(ModeloLeitura.PEDIDO, edicao.pedidoId(), versao));
        return escritas;
    }

    /** The order's new lines, after each product concerned priced its part and moved its stock difference. */
    private List<ItemDoPedido> linhas(Edicao edicao, PedidoEmEdicao atual, List<Escrita> escritas) {
        if (edicao.itens().isEmpty() || edicao.itens().size() > RegrasDePedido.ITENS_MAXIMO) {
            throw ErroDeNegocio.invalido("itens: de 1 a " + RegrasDePedido.ITENS_MAXIMO + " itens por pedido");
        }
        List<Par> pares = pares(edicao.itens(), atual.itens());
        SortedMap<String, Ajuste> porProduto = new TreeMap<>();
        for (Par par : pares) {
            Ajuste ajuste = porProduto.computeIfAbsent(par.linha().produtoId(), p -> new Ajuste());
            ItemSolicitado item = new ItemSolicitado(par.indice(), par.linha().variacaoId(), par.quantidade());
            (par.mantida() ? ajuste.mantidos : ajuste.cotar).add(item);
        }
        for (ItemDoPedido anterior : atual.itens()) {
            porProduto.computeIfAbsent(anterior.produto().id(), p -> new Ajuste()).anteriores
                      .add(new ItemSolicitado(-1, anterior.variacao() == null ? null : anterior.variacao().id(),
                              anterior.quantidade()));
        }
        // Kept lines are a subset of the order's: a product whose lines were all kept has nothing to price or move.
        porProduto.values().removeIf(a -> a.cotar.isEmpty() && a.mantidos.size() == a.anteriores.size());
        Map<String, ItensCotados> ajustados = passos.nosProdutos(edicao.lojaId(), porProduto,
                (String produtoId, Ajuste ajuste, boolean existe) -> {
                    if (!existe) {
                        if (!ajuste.cotar.isEmpty()) {
                            throw EstoqueDosProdutos.naoEncontrado(ajuste.cotar.get(0).indice(), produtoId);
                        }
                        return null; // removed since: its lines go without giving stock back, as a cancellation does
                    }
                    return new AjustarEstoqueDoPedidoCommand(produtoId, edicao.lojaId(), edicao.pedidoId(),
                            ajuste.cotar, ajuste.mantidos, ajuste.anteriores, atual.estoqueTomado(), edicao.agora());
                });
        Map<Integer, ItemCotado> cotados = new HashMap<>();
        ajustados.forEach((produtoId, resultado) -> {
            resultado.itens().forEach(item -> cotados.put(item.indice(), item));
            escritas.add(new Escrita(ModeloLeitura.PRODUTO, produtoId, resultado.versao()));
        });
        return pares.stream().map(par -> item(par, cotados.get(par.indice()))).toList();
    }

    /** Each line of the edit with the order's line it names; ids and product references checked. */
    private static List<Par> pares(List<LinhaEditada> linhas, List<ItemDoPedido> anteriores) {
        Map<String, ItemDoPedido> porId = new HashMap<>();
        anteriores.forEach(item -> porId.put(item.id(), item));
        Set<String> vistos = new HashSet<>();
        List<Par> pares = new ArrayList<>();
        for (int i = 0; i < linhas.size(); i++) {
            LinhaEditada linha = linhas.get(i);
            String prefixo = "itens[" + i + "]";
            // Checked as sent for every line, kept ones too: 0.0005 must not round into a kept line's 0.001.
            BigDecimal quantidade = Numeros.quantidadeMinima(linha.quantidade(), prefixo + ".quantidade");
            if (quantidade == null) {
                throw ErroDeNegocio.invalido(prefixo + ".quantidade é obrigatória");
            }
            BigDecimal preco = Numeros.dinheiro(linha.precoUnit(), prefixo + ".precoUnit");
            ItemDoPedido anterior = null;
            if (linha.id() != null) {
                anterior = porId.get(linha.id());
                if (anterior == null) {
                    throw ErroDeNegocio.invalido(prefixo + ".id não é um item deste pedido: " + linha.id());
                }
                if (!vistos.add(linha.id())) {
                    throw ErroDeNegocio.invalido(prefixo + ".id repete um item já listado: " + linha.id());
                }
                String variacaoAnterior = anterior.variacao() == null ? null : anterior.variacao().id();
                if (!anterior.produto().id().equals(linha.produtoId())
                        || !Objects.equals(variacaoAnterior, linha.variacaoId())) {
                    throw ErroDeNegocio.invalido(prefixo + ": o item " + linha.id() + " é de outro produto ou "
                            + "variação; para trocar, omita-o e inclua um item novo (sem id)");
                }
            }
            pares.add(new Par(i, linha, anterior, quantidade, preco));
        }
        return pares;
    }

    /** One product's part of the edit, gathered before its command is sent. */
    private static final class Ajuste {
        final List<ItemSolicitado> cotar = new ArrayList<>();
        final List<ItemSolicitado> mantidos = new ArrayList<>();
        final List<ItemSolicitado> anteriores = new ArrayList<>();
    }

    /**
     * The order's line: a kept one as it was, a changed or new one with its product's pricing and snapshot; the
     * price sent wins, then a kept or changed line's own price, then the product's.
     */
    private static ItemDoPedido item(Par par, ItemCotado cotado) {
        LinhaEditada linha = par.linha();
        ItemDoPedido anterior = par.anterior();
        BigDecimal preco = par.preco() != null ? par.preco()
                : anterior != null ? anterior.precoUnit() : cotado.precoUnit();
        String observacao = linha.observacao() != null ? linha.observacao().orElse(null)
                : anterior == null ? null : anterior.observacao();
        String opcoes = linha.opcoes() != null ? linha.opcoes().orElse(null)
                : anterior == null ? null : anterior.opcoes();
        if (cotado == null) {
            return new ItemDoPedido(anterior.id(), anterior.produto(), anterior.variacao(), anterior.quantidade(),
                    preco, observacao, opcoes);
        }
        return new ItemDoPedido(anterior == null ? linha.idNovo() : anterior.id(), cotado.produto(), cotado.variacao(),
                cotado.quantidade(), preco, observacao, opcoes);
    }
}
