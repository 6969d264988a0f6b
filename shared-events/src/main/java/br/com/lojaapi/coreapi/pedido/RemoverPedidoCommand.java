package br.com.lojaapi.coreapi.pedido;

import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

/** DELETE of a cancelled order; answers {@link PedidoExcluido}. */
public record RemoverPedidoCommand(@TargetAggregateIdentifier String pedidoId, String lojaId, Instant em,
                                   VersaoEsperada versaoEsperada) {

    /** Without an {@code If-Match} precondition. */
    public RemoverPedidoCommand(String pedidoId, String lojaId, Instant em) {
        this(pedidoId, lojaId, em, null);
    }
}
