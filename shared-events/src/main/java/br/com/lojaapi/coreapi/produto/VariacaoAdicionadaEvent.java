package br.com.lojaapi.coreapi.produto;

import java.math.BigDecimal;
import java.time.Instant;

/** {@code estoqueDoProduto}: the product's stock after the change (the sum of its variations). */
public record VariacaoAdicionadaEvent(String produtoId,
                                      String lojaId,
                                      VariacaoDoProduto variacao,
                                      BigDecimal estoqueDoProduto,
                                      Instant adicionadaEm) {
}
