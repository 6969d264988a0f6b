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
 * left after the earlier lines of the same order. An edit moves only the difference per product or variation.
 */
final class LinhasDoPedido {

    /** A line after pricing, before the snapshot of the product's stock is taken. */
    record Linha(int indice, String variacaoId, BigDecimal quantidade, BigDecimal precoUnit) {
    }

    private final List<Linha> linhas = new ArrayList<>();
    private final List<BaixaDeEstoque> baixas = new ArrayList<>();
    private final List<BaixaDeEstoque> devolucoes = new ArrayList<>();

    private LinhasDoPedido() {
    }

    static LinhasDoPedido cotar(String produtoId, DadosProduto dados, Variacoes variacoes, List<ItemSolicitado> itens) {
        LinhasDoPedido resultado = new LinhasDoPedido();
        Map<String, BigDecimal> restante = new HashMap<>();
        for (ItemSolicitado item : itens) {
            Linha linha = resultado.cotarLinha(item, dados, variacoes);
            VariacaoDoProduto variacao = linha.variacaoId() == null ? null : variacoes.exigir(linha.variacaoId());
            BigDecimal quantidade = linha.quantidade();
            String chave = chave(linha.variacaoId());
            if (dados.controlaEstoque()) {
                BigDecimal disponivel = restante.computeIfAbsent(chave, c -> estoqueEm(dados, variacao));
                if (disponivel.compareTo(quantidade) < 0) {
                    throw insuficiente(item.indice(), produtoId, dados, variacao, disponivel, quantidade, "pedido");
                }
                BigDecimal depois = disponivel.subtract(quantidade);
                restante.put(chave, depois);
                resultado.baixas.add(new BaixaDeEstoque(variacao == null ? null : variacao.variacaoId(), quantidade,
                        depois));
            }
        }
        return resultado;
    }

    /**
     * An edited order's lines of this product: {@code cotar} priced as at creation, and, when the order holds its
     * stock and the product controls it, the difference between what the lines now need and what they held, per
     * product or variation: an increase taken (refused beyond the stock, naming the first line there), a decrease
     * given back by the rule a cancellation gives back with.
     */
    static LinhasDoPedido ajustar(String produtoId, DadosProduto dados, Variacoes variacoes, List<ItemSolicitado> cotar,
                                  List<ItemSolicitado> mantidos, List<ItemSolicitado> anteriores,
                                  boolean estoqueTomado) {
        LinhasDoPedido resultado = new LinhasDoPedido();
        Map<String, BigDecimal> diferenca = new LinkedHashMap<>();
        Map<String, Integer> primeiraLinha = new HashMap<>();
        for (ItemSolicitado item : cotar) {
            Linha linha = resultado.cotarLinha(item, dados, variacoes);
            diferenca.merge(chave(linha.variacaoId()), linha.quantidade(), BigDecimal::add);
            primeiraLinha.merge(chave(linha.variacaoId()), item.indice(), Math::min);
        }
        for (ItemSolicitado item : mantidos) {
            diferenca.merge(chave(item.variacaoId()), item.quantidade(), BigDecimal::add);
            primeiraLinha.merge(chave(item.variacaoId()), item.indice(), Math::min);
        }
        anteriores.forEach(item -> diferenca.merge(chave(item.variacaoId()), item.quantidade().negate(),
                BigDecimal::add));
        if (!estoqueTomado || !dados.controlaEstoque()) {
            return resultado;
        }
        diferenca.forEach((chave, quantidade) -> {
            String variacaoId = chave.isEmpty() ? null : chave;
            if (quantidade.signum() > 0) {
                // Only new or changed lines can need more, and cotarLinha checked their variation exists.
                VariacaoDoProduto variacao = variacaoId == null ? null : variacoes.exigir(variacaoId);
                BigDecimal disponivel = estoqueEm(dados, variacao);
                if (disponivel.compareTo(quantidade) < 0) {
                    throw insuficiente(primeiraLinha.get(chave), produtoId, dados, variacao, disponivel, quantidade,
                            "acréscimo pedido");
                }
                resultado.baixas.add(new BaixaDeEstoque(variacaoId, quantidade, disponivel.subtract(quantidade)));
            } else if (quantidade.signum() < 0) {
                resultado.devolucoes.addAll(devolver(dados, variacoes,
                        List.of(new ItemSolicitado(-1, variacaoId, quantidade.negate()))));
            }
        });
        return resultado;
    }

    /** Prices one line, rounds its quantity and adds it to the lines. */
    private Linha cotarLinha(ItemSolicitado item, DadosProduto dados, Variacoes variacoes) {
        String prefixo = "itens[" + item.indice() + "]";
        VariacaoDoProduto variacao = variacaoDo(item, dados, variacoes, prefixo);
        BigDecimal quantidade = RegrasDeEstoque.quantidadeDoItem(item.quantidade(), dados.multiploVenda(),
                prefixo + ".quantidade");
        BigDecimal preco = variacao != null && variacao.dados().preco() != null ? variacao.dados().preco()
                : dados.precoPromocional() != null ? dados.precoPromocional() : dados.preco();
        Linha linha = new Linha(item.indice(), variacao == null ? null : variacao.variacaoId(), quantidade, preco);
        linhas.add(linha);
        return linha;
    }

    /** Where stock is kept: the variation's id, or "" for the product itself. */
    private static String chave(String variacaoId) {
        return variacaoId == null ? "" : variacaoId;
    }

    private static BigDecimal estoqueEm(DadosProduto dados, VariacaoDoProduto variacao) {
        return variacao == null ? dados.quantidadeEstoque() : variacao.dados().quantidadeEstoque();
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

    List<BaixaDeEstoque> devolucoes() {
        return List.copyOf(devolucoes);
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
                                              VariacaoDoProduto variacao, BigDecimal disponivel, BigDecimal pedido,
                                              String rotulo) {
        String nome = variacao == null ? dados.nome() : dados.nome() + " (" + variacao.dados().nome() + ")";
        Map<String, Object> detalhes = new LinkedHashMap<>();
        detalhes.put("indice", indice);
        detalhes.put("produtoId", produtoId);
        detalhes.put("variacaoId", variacao == null ? null : variacao.variacaoId());
        detalhes.put("disponivel", disponivel);
        detalhes.put("solicitado", pedido);
        return new ErroDeNegocio(CodigoErro.INVALIDO, "itens[" + indice
                + "]: estoque insuficiente de " + nome + ": disponível " + disponivel.toPlainString() + ", " + rotulo + " "
                + pedido.toPlainString(), detalhes);
    }

    private static BigDecimal teto(BigDecimal valor) {
        return valor.min(Numeros.QUANTIDADE_MAXIMA);
    }
}
