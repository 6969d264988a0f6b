package br.com.lojaapi.coreapi.produto;

import java.math.BigDecimal;
import java.time.Instant;

/** What a stock movement answers: the movement as the contract shows it, and the product version it produced. */
public record MovimentoDeEstoque(String movimentoId,
                                 String produtoId,
                                 String variacaoId,
                                 TipoMovimento tipo,
                                 BigDecimal quantidade,
                                 BigDecimal quantidadeAnterior,
                                 BigDecimal quantidadeAtual,
                                 Instant criadoEm,
                                 long versao) {
}
