package br.com.lojaapi.coreapi.pedido;

import java.math.BigDecimal;

/** The variation of an order line as it was when the order was placed. */
public record VariacaoDoItem(String id,
                             String nome,
                             String valor1,
                             String valor2,
                             String sku,
                             Long codIntegracao,
                             String codigoBarras,
                             BigDecimal quantidadeEstoque) {
}
