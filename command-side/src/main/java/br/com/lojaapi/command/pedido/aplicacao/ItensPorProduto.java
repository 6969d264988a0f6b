package br.com.lojaapi.command.pedido.aplicacao;

import br.com.lojaapi.coreapi.pedido.LinhaDeEstoque;
import br.com.lojaapi.coreapi.produto.ItemSolicitado;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/** An order's lines grouped by product, in product id order: the order in which their stock locks are taken. */
final class ItensPorProduto {

    private ItensPorProduto() {
    }

    static SortedMap<String, List<ItemSolicitado>> de(List<LinhaDeEstoque> linhas) {
        SortedMap<String, List<ItemSolicitado>> porProduto = new TreeMap<>();
        for (LinhaDeEstoque linha : linhas) {
            porProduto.computeIfAbsent(linha.produtoId(), p -> new ArrayList<>())
                      .add(new ItemSolicitado(linha.indice(), linha.variacaoId(), linha.quantidade()));
        }
        return porProduto;
    }
}
