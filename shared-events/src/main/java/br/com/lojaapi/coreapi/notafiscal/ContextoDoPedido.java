package br.com.lojaapi.coreapi.notafiscal;

import java.math.BigDecimal;

/**
 * What an invoice is compared with when it is sent, for its warnings: the store's CNPJ, the order's customer
 * document and total (each null when the store or the order has none), as they were at that moment.
 */
public record ContextoDoPedido(long pedidoNumero, String cnpjLoja, String documentoCliente, BigDecimal totalPedido) {
}
