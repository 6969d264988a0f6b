package br.com.lojaapi.coreapi.pedido;

import java.math.BigDecimal;

public record Pagamento(String formaPagamentoId, String formaPagamento, BigDecimal valorPago) {
}
