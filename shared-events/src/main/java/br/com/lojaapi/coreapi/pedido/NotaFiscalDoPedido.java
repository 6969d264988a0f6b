package br.com.lojaapi.coreapi.pedido;

import java.math.BigDecimal;

/** The summary of a linked invoice that an order shows in {@code notasFiscais}. */
public record NotaFiscalDoPedido(String id,
                                 String chave,
                                 String numero,
                                 String serie,
                                 String modelo,
                                 String situacao,
                                 BigDecimal valorTotal) {
}
