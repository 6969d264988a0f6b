package br.com.lojaapi.coreapi.pedido;

import java.math.BigDecimal;

/**
 * An order line: quantity after rounding to the sale multiple, the unit price the service chose, and
 * {@code opcoes} exactly as the client sent it (JSON text, or null).
 */
public record ItemDoPedido(String id,
                           ProdutoDoItem produto,
                           VariacaoDoItem variacao,
                           BigDecimal quantidade,
                           BigDecimal precoUnit,
                           String observacao,
                           String opcoes) {
}
