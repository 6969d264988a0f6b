package br.com.lojaapi.coreapi.pedido;

import java.math.BigDecimal;
import java.util.List;

/**
 * What an edit can change in an order, and the amounts that follow from it: the before and after of
 * {@code pedido.editado}. {@code ajusteTabela} is always zero (price tables are not supported) and kept because the
 * contract names it.
 */
public record ValoresDoPedido(List<ItemDoPedido> itens,
                              BigDecimal subtotal,
                              BigDecimal ajusteTabela,
                              BigDecimal desconto,
                              BigDecimal taxaEntrega,
                              BigDecimal ajustePagamento,
                              BigDecimal total) {

    public ValoresDoPedido {
        itens = List.copyOf(itens);
    }
}
