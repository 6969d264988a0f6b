package br.com.lojaapi.coreapi.produto;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * The product's (or, with {@code variacaoId}, the variation's) stock went from above its minimum to at or below
 * it. Carries the {@code produto.estoque_baixo} payload; {@code nome}, {@code sku} and {@code codIntegracao} are
 * the variation's when it is one.
 */
public record EstoqueBaixoEvent(String produtoId,
                                String lojaId,
                                String variacaoId,
                                String nome,
                                String sku,
                                Long codIntegracao,
                                BigDecimal quantidadeEstoque,
                                BigDecimal estoqueMinimo,
                                Instant em) {
}
