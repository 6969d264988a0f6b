package br.com.lojaapi.coreapi.pedido;

public record BuscarPedidoQuery(String lojaId, String pedidoId) {
}
