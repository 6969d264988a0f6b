package br.com.lojaapi.coreapi.produto;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/** Stock a cancelled order gave back; the product's stock is now {@code estoqueDoProduto}. */
public record EstoqueDevolvidoPorPedidoEvent(String produtoId,
                                             String lojaId,
                                             String pedidoId,
                                             List<BaixaDeEstoque> devolucoes,
                                             BigDecimal estoqueDoProduto,
                                             Instant em) {

    public EstoqueDevolvidoPorPedidoEvent {
        devolucoes = List.copyOf(devolucoes);
    }
}
