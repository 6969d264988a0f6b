package br.com.lojaapi.coreapi.produto;

import java.math.BigDecimal;
import java.time.Instant;

/** The variation after the change, whole; {@code estoqueDoProduto} as in {@link VariacaoAdicionadaEvent}. */
public record VariacaoAlteradaEvent(String produtoId,
                                    String lojaId,
                                    VariacaoDoProduto variacao,
                                    BigDecimal estoqueDoProduto,
                                    Instant alteradaEm) {
}
