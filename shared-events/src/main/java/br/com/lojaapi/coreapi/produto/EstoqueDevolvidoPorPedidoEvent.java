package br.com.lojaapi.coreapi.produto;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * Stock an order gave back (cancelled, or edited to less); the product's stock is now {@code estoqueDoProduto}.
 * {@code motivo} says which (null in events older than the field: a cancellation).
 */
public record EstoqueDevolvidoPorPedidoEvent(String produtoId,
                                             String lojaId,
                                             String pedidoId,
                                             List<BaixaDeEstoque> devolucoes,
                                             BigDecimal estoqueDoProduto,
                                             Instant em,
                                             MotivoDoMovimento motivo) {

    public EstoqueDevolvidoPorPedidoEvent {
        devolucoes = List.copyOf(devolucoes);
    }
}
