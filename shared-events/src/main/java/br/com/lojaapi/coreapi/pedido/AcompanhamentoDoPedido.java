package br.com.lojaapi.coreapi.pedido;

import java.util.Optional;

/**
 * What any PATCH of an order may change besides its status: delivery time, tracking and payment status. Tri-state:
 * null = not sent (kept), empty = sent as null (cleared), a value = set.
 */
public record AcompanhamentoDoPedido(Optional<String> tempoEntrega,
                                     Optional<String> codigoRastreio,
                                     Optional<String> urlRastreio,
                                     Optional<String> pagamentoStatus) {

    /** Nothing sent: every field kept. */
    public static final AcompanhamentoDoPedido INALTERADO = new AcompanhamentoDoPedido(null, null, null, null);
}
