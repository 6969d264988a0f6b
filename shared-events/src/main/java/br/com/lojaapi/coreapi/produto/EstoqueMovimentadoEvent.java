package br.com.lojaapi.coreapi.produto;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A stock movement. {@code quantidadeAnterior} and {@code quantidadeAtual} are of the variation when
 * {@code variacaoId} is set (the product's stock then becomes {@code estoqueDoProduto}, the sum of its variations),
 * else of the product.
 */
public record EstoqueMovimentadoEvent(String produtoId,
                                      String lojaId,
                                      String movimentoId,
                                      String variacaoId,
                                      TipoMovimento tipo,
                                      BigDecimal quantidade,
                                      BigDecimal quantidadeAnterior,
                                      BigDecimal quantidadeAtual,
                                      BigDecimal estoqueDoProduto,
                                      String observacao,
                                      Instant criadoEm) {
}
