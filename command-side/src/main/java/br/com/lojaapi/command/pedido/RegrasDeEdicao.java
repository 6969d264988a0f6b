package br.com.lojaapi.command.pedido;

import br.com.lojaapi.command.comum.Campos;
import br.com.lojaapi.command.comum.Textos;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.pedido.EditarPedidoCommand;
import br.com.lojaapi.coreapi.pedido.ItemDoPedido;
import br.com.lojaapi.coreapi.pedido.ValoresDoPedido;
import br.com.lojaapi.coreapi.pedido.VariacaoDoItem;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * An operator's edit of an order: the values after it (by the rules of creation), whether it changes anything a
 * client can see, and the short text {@code pedido.editado} carries as {@code resumo}.
 */
final class RegrasDeEdicao {

    static final String EDITOR_PADRAO = "painel";

    private RegrasDeEdicao() {
    }

    /** Fields absent from the command keep their value; {@code ajustePagamento} is kept as it is. */
    static ValoresDoPedido depois(ValoresDoPedido antes, EditarPedidoCommand c) {
        List<ItemDoPedido> itens = c.itens() == null ? antes.itens() : c.itens();
        if (itens.stream().map(ItemDoPedido::id).filter(Objects::nonNull).distinct().count() != itens.size()) {
            throw ErroDeNegocio.invalido("itens: cada item precisa de um id próprio");
        }
        BigDecimal desconto = Campos.obrigatorio(c.desconto(), antes.desconto(), "desconto",
                v -> RegrasDePedido.dinheiro(v, "desconto"));
        BigDecimal taxaEntrega = Campos.obrigatorio(c.taxaEntrega(), antes.taxaEntrega(), "taxaEntrega",
                v -> RegrasDePedido.dinheiro(v, "taxaEntrega"));
        return RegrasDePedido.valores(itens, desconto, taxaEntrega, antes.ajustePagamento());
    }

    static String editadoPor(String enviado) {
        String editor = Textos.limitado(enviado, 100, "editadoPor");
        return editor == null ? EDITOR_PADRAO : editor;
    }

    /**
     * What a client would see change, for example "1 item adicionado; 2 itens alterados; desconto 5.00 → 10.00;
     * total 50.00 → 47.00"; empty when nothing. Lines are matched by id, so the order they are listed in does not
     * count, and neither does the snapshot of a product whose line is otherwise the same.
     */
    static String resumo(ValoresDoPedido antes, ValoresDoPedido depois) {
        Map<String, ItemDoPedido> anteriores = porId(antes.itens());
        Map<String, ItemDoPedido> novos = porId(depois.itens());
        long adicionados = novos.keySet().stream().filter(id -> !anteriores.containsKey(id)).count();
        long removidos = anteriores.keySet().stream().filter(id -> !novos.containsKey(id)).count();
        long alterados = novos.values().stream()
                              .filter(i -> anteriores.containsKey(i.id()) && !mesmaLinha(anteriores.get(i.id()), i))
                              .count();
        List<String> partes = new ArrayList<>();
        contar(partes, adicionados, "item adicionado", "itens adicionados");
        contar(partes, removidos, "item removido", "itens removidos");
        contar(partes, alterados, "item alterado", "itens alterados");
        valor(partes, "desconto", antes.desconto(), depois.desconto());
        valor(partes, "taxaEntrega", antes.taxaEntrega(), depois.taxaEntrega());
        if (!partes.isEmpty()) {
            valor(partes, "total", antes.total(), depois.total());
        }
        return String.join("; ", partes);
    }

    private static boolean mesmaLinha(ItemDoPedido a, ItemDoPedido b) {
        return a.produto().id().equals(b.produto().id())
                && Objects.equals(variacaoId(a.variacao()), variacaoId(b.variacao()))
                && a.quantidade().compareTo(b.quantidade()) == 0
                && a.precoUnit().compareTo(b.precoUnit()) == 0
                && Objects.equals(a.observacao(), b.observacao())
                && Objects.equals(a.opcoes(), b.opcoes());
    }

    private static String variacaoId(VariacaoDoItem variacao) {
        return variacao == null ? null : variacao.id();
    }

    private static Map<String, ItemDoPedido> porId(List<ItemDoPedido> itens) {
        return itens.stream().collect(Collectors.toMap(ItemDoPedido::id, Function.identity()));
    }

    private static void contar(List<String> partes, long quantos, String um, String varios) {
        if (quantos > 0) {
            partes.add(quantos + " " + (quantos == 1 ? um : varios));
        }
    }

    private static void valor(List<String> partes, String campo, BigDecimal antes, BigDecimal depois) {
        if (antes.compareTo(depois) != 0) {
            partes.add(campo + " " + antes.toPlainString() + " → " + depois.toPlainString());
        }
    }
}
