package br.com.lojaapi.coreapi.pedido;

public record PedidoExcluido(long versao, long numero) {
}
