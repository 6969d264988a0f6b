package br.com.lojaapi.coreapi.pedido;

import java.time.Instant;

/**
 * Every PATCH of an order, also to its current status. {@code estoque} records whether the change took the order's
 * stock or gave it back, so that it happens once.
 */
public record StatusDoPedidoAlteradoEvent(String pedidoId,
                                          String lojaId,
                                          long numero,
                                          StatusPedido status,
                                          StatusPedido statusAnterior,
                                          String motivoCancelamento,
                                          String tempoEntrega,
                                          String codigoRastreio,
                                          String urlRastreio,
                                          String pagamentoStatus,
                                          MovimentoDoPedido estoque,
                                          Instant atualizadoEm) {
}
