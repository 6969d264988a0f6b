package br.com.lojaapi.command.produto;

import br.com.lojaapi.command.comum.Numeros;
import br.com.lojaapi.coreapi.comum.CodigoErro;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.pedido.ProdutoDoItem;
import br.com.lojaapi.coreapi.pedido.VariacaoDoItem;
import br.com.lojaapi.coreapi.produto.BaixaDeEstoque;
import br.com.lojaapi.coreapi.produto.DadosProduto;
import br.com.lojaapi.coreapi.produto.DadosVariacao;
import br.com.lojaapi.coreapi.produto.ItemCotado;
import br.com.lojaapi.coreapi.produto.ItemSolicitado;
import br.com.lojaapi.coreapi.produto.VariacaoDoProduto;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A product's side of an order: each line priced (the variation's price, else the promotional price, else the
 * base price), its quantity rounded to the sale multiple, and the stock the lines take, checked against what is
 * left after the earlier lines of the same order.
 */
final class LinhasDoPedido {

    /** A line after pricing, before the snapshot of the product's stock is taken. */
    record Linha(int indice, String variacaoId, BigDecimal quantidade, BigDecimal precoUnit) {
    }

    private final List<Linha> linhas = new ArrayList<>();
    private final List<BaixaDeEstoque> baixas = new ArrayList<>();

    private LinhasDoPedido() {
    }

    static LinhasDoPedido cotar(String produtoId, DadosProduto dados, Variacoes variacoes, List<ItemSolicitado> itens) {
        LinhasDoPedido resultado = new LinhasDoPedido();
        Map<String, BigDecimal> restante = new HashMap<>();
        for (ItemSolicitado item : itens) {
            String prefixo = "itens[" + item.indice() + "]";
            VariacaoDoProduto variacao = variacaoDo(item, dados, variacoes, prefixo);
            BigDecimal quantidade = RegrasDeEstoque.quantidadeDoItem(item.quantidade(), dados.multiploVenda(),
                    prefixo + ".quantidade");
            BigDecimal preco = variacao != null && variacao.dados().preco() != null ? variacao.dados().preco()
                    : dados.precoPromocional() != null ? dados.precoPromocional() : dados.preco();
            String chave = variacao == null ? "" : variacao.variacaoId();
            if (dados.controlaEstoque()) {
                BigDecimal disponivel = restante.computeIfAbsent(chave, c -> variacao == null
                        ? dados.quantidadeEstoque() : variacao.dados().quantidadeEstoque());
                if (disponivel.compareTo(quantidade) < 0) {
                    throw insuficiente(item.indice(), produtoId, dados, variacao, disponivel, quantidade);
                }
                BigDecimal depois = disponivel.subtract(quantidade);
                restante.put(chave, depois);
                resultado.baixas.add(new BaixaDeEstoque(variacao == null ? null : variacao.variacaoId(), quantidade,
                        depois));
            }
            resultado.linhas.add(new Linha(item.indice(), variacao == null ? null : variacao.variacaoId(), quantidade,
                    preco));
        }
        return resultado;
    }

    /**
     * What a cancelled order gives back, by the rule it took with: nothing unless the product controls stock, and
     * nothing for a variation removed since (or a line without variation on a product that has them now).
     */
    static List<BaixaDeEstoque> devolver(DadosProduto dados, Variacoes variacoes, List<ItemSolicitado> itens) {
        List<BaixaDeEstoque> devolucoes = new ArrayList<>();
        if (!dados.controlaEstoque()) {
            return devolucoes;
        }
        Map<String, BigDecimal> atual = new LinkedHashMap<>();
        for (ItemSolicitado item : itens) {
            BigDecimal quantidade = item.quantidade();
            if (item.variacaoId() == null) {
                if (!variacoes.vazia()) {
                    continue;
                }
                BigDecimal depois = teto(atual.getOrDefault("", dados.quantidadeEstoque()).add(quantidade));
                atual.put("", depois);
                devolucoes.add(new BaixaDeEstoque(null, quantidade, depois));
            } else {
                var variacao = variacoes.buscar(item.variacaoId());
                if (variacao.isEmpty()) {
                    continue;
                }
                BigDecimal depois = teto(atual.getOrDefault(item.variacaoId(),
                        variacao.get().dados().quantidadeEstoque()).add(quantidade));
                atual.put(item.variacaoId(), depois);
                devolucoes.add(new BaixaDeEstoque(item.variacaoId(), quantidade, depois));
            }
        }
        return devolucoes;
    }

    List<BaixaDeEstoque> baixas() {
        return List.copyOf(baixas);
    }

    /** The priced lines with snapshots of the product as it is now (after the stock was taken). */
    List<ItemCotado> itens(String produtoId, DadosProduto dados, Variacoes variacoes) {
        ProdutoDoItem produto = new ProdutoDoItem(produtoId, dados.nome(), dados.sku(), dados.codIntegracao(),
                dados.codigoBarras(), dados.imagens(), dados.unidade(), dados.quantidadeEstoque(), dados.peso());
        return linhas.stream().map(l -> new ItemCotado(l.indice(), produto,
                l.variacaoId() == null ? null : variacaoDoItem(variacoes.exigir(l.variacaoId())), l.quantidade(),
                l.precoUnit())).toList();
    }

    private static VariacaoDoItem variacaoDoItem(VariacaoDoProduto v) {
        DadosVariacao d = v.dados();
        return new VariacaoDoItem(v.variacaoId(), d.nome(), d.valor1(), d.valor2(), d.sku(), d.codIntegracao(),
                d.codigoBarras(), d.quantidadeEstoque());
    }

    private static VariacaoDoProduto variacaoDo(ItemSolicitado item, DadosProduto dados, Variacoes variacoes,
                                                String prefixo) {
        if (item.variacaoId() != null) {
            return variacoes.buscar(item.variacaoId()).orElseThrow(() -> ErroDeNegocio.invalido(prefixo
                    + ": variacaoId " + item.variacaoId() + " não é uma variação de " + dados.nome()));
        }
        if (!variacoes.vazia()) {
            throw ErroDeNegocio.invalido(prefixo + ": " + dados.nome() + " tem variações; informe variacaoId");
        }
        return null;
    }

    private static ErroDeNegocio insuficiente(int indice, String produtoId, DadosProduto dados,
                                              VariacaoDoProduto variacao, BigDecimal disponivel, BigDecimal pedido) {
        String nome = variacao == null ? dados.nome() : dados.nome() + " (" + variacao.dados().nome() + ")";
        Map<String, Object> detalhes = new LinkedHashMap<>();
        detalhes.put("indice", indice);
        detalhes.put("produtoId", produtoId);
        detalhes.put("variacaoId", variacao == null ? null : variacao.variacaoId());
        detalhes.put("disponivel", disponivel);
        detalhes.put("solicitado", pedido);
        return new ErroDeNegocio(CodigoErro.INVALIDO, "itens[" + indice
                + "]: estoque insuficiente de " + nome + ": disponível " + disponivel.toPlainString() + ", pedido "
                + pedido.toPlainString(), detalhes);
    }

    private static BigDecimal teto(BigDecimal valor) {
        return valor.min(Numeros.QUANTIDADE_MAXIMA);
    }
}
