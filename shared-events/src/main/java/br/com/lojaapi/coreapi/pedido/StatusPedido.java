package br.com.lojaapi.coreapi.pedido;

public enum StatusPedido {
    PENDENTE,
    CONFIRMADO,
    PREPARANDO,
    PRONTO,
    ENVIADO,
    ENTREGUE,
    CANCELADO
}
