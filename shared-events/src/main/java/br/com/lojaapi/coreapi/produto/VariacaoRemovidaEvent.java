package br.com.lojaapi.coreapi.produto;

import java.math.BigDecimal;
import java.time.Instant;

/** Hard removal of a variation; {@code estoqueDoProduto} as in {@link VariacaoAdicionadaEvent}. */
public record VariacaoRemovidaEvent(String produtoId,
                                    String lojaId,
                                    String variacaoId,
                                    BigDecimal estoqueDoProduto,
                                    Instant removidaEm) {
}
