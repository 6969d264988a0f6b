package br.com.lojaapi.coreapi.pedido;

import java.math.BigDecimal;

/** An order line as far as stock is concerned. */
public record LinhaDeEstoque(int indice, String produtoId, String variacaoId, BigDecimal quantidade) {
}
