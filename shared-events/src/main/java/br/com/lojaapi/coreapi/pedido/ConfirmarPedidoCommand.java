package br.com.lojaapi.coreapi.pedido;

import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.Optional;

/**
 * PATCH with status {@code CONFIRMADO}. Answers {@link ResultadoDaConfirmacao}: the lines whose stock it takes.
 * {@code motivoCancelamento}: the contract lets any PATCH carry one; it is checked as on a cancellation and not kept.
 */
public record ConfirmarPedidoCommand(@TargetAggregateIdentifier String pedidoId,
                                     String lojaId,
                                     Optional<String> motivoCancelamento,
                                     AcompanhamentoDoPedido acompanhamento,
                                     Instant em,
                                     VersaoEsperada versaoEsperada) {

    /** Without an {@code If-Match} precondition. */
    public ConfirmarPedidoCommand(String pedidoId, String lojaId, Optional<String> motivoCancelamento,
                                  AcompanhamentoDoPedido acompanhamento, Instant em) {
        this(pedidoId, lojaId, motivoCancelamento, acompanhamento, em, null);
    }
}
