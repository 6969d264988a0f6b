package br.com.lojaapi.coreapi.produto;

import java.math.BigDecimal;

/** An order line as the client sent it: its position in the order, the variation (or null) and the quantity. */
public record ItemSolicitado(int indice, String variacaoId, BigDecimal quantidade) {
}
