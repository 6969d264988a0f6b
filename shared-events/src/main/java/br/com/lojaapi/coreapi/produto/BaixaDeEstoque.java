package br.com.lojaapi.coreapi.produto;

import java.math.BigDecimal;

/**
 * Stock taken by or given back to an order, of the product ({@code variacaoId} null) or of one variation, with the
 * quantity left there afterwards.
 */
public record BaixaDeEstoque(String variacaoId, BigDecimal quantidade, BigDecimal quantidadeAtual) {
}
