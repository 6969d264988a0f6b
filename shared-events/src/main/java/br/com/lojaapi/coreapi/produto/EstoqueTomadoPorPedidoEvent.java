package br.com.lojaapi.coreapi.produto;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * Stock the order took from this product and its variations; the product's stock is now {@code estoqueDoProduto}.
 * {@code motivo} says which step of the order took it (null in events older than the field).
 */
public record EstoqueTomadoPorPedidoEvent(String produtoId,
                                          String lojaId,
                                          String pedidoId,
                                          List<BaixaDeEstoque> baixas,
                                          BigDecimal estoqueDoProduto,
                                          Instant em,
                                          MotivoDoMovimento motivo) {

    public EstoqueTomadoPorPedidoEvent {
        baixas = List.copyOf(baixas);
    }
}
