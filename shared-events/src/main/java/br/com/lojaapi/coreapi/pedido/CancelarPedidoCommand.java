package br.com.lojaapi.coreapi.pedido;

import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.Optional;

/**
 * PATCH with status {@code CANCELADO}. A reason is required (tri-state like the tracking fields: when cancelling
 * again the recorded one serves). Answers {@link ResultadoDoCancelamento}: the lines whose stock goes back.
 */
public record CancelarPedidoCommand(@TargetAggregateIdentifier String pedidoId,
                                    String lojaId,
                                    Optional<String> motivoCancelamento,
                                    AcompanhamentoDoPedido acompanhamento,
                                    Instant em,
                                    VersaoEsperada versaoEsperada) {

    /** Without an {@code If-Match} precondition. */
    public CancelarPedidoCommand(String pedidoId, String lojaId, Optional<String> motivoCancelamento,
                                 AcompanhamentoDoPedido acompanhamento, Instant em) {
        this(pedidoId, lojaId, motivoCancelamento, acompanhamento, em, null);
    }
}
