package br.com.lojaapi.coreapi.produto;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.math.BigDecimal;
import java.time.Instant;

/** One stock movement of the product, or of one of its variations when {@code variacaoId} is given. */
public record MovimentarEstoqueCommand(@TargetAggregateIdentifier String produtoId,
                                       String lojaId,
                                       String movimentoId,
                                       String variacaoId,
                                       TipoMovimento tipo,
                                       BigDecimal quantidade,
                                       String observacao,
                                       Instant criadoEm) {
}
