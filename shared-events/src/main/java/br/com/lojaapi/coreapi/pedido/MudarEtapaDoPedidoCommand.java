package br.com.lojaapi.coreapi.pedido;

import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.Optional;

/**
 * PATCH with any status but {@code CONFIRMADO} and {@code CANCELADO}: {@code PENDENTE}, {@code PREPARANDO},
 * {@code PRONTO}, {@code ENVIADO}, {@code ENTREGUE}. The contract lets an order move between these stages in any
 * direction and attaches no rule to any of them, so they share one command; it never moves stock. Answers the
 * order's version. {@code motivoCancelamento}: the contract lets any PATCH carry one; it is checked as on a
 * cancellation and not kept.
 */
public record MudarEtapaDoPedidoCommand(@TargetAggregateIdentifier String pedidoId,
                                        String lojaId,
                                        StatusPedido etapa,
                                        Optional<String> motivoCancelamento,
                                        AcompanhamentoDoPedido acompanhamento,
                                        Instant em,
                                        VersaoEsperada versaoEsperada) {

    public MudarEtapaDoPedidoCommand {
        if (etapa == null || etapa == StatusPedido.CONFIRMADO || etapa == StatusPedido.CANCELADO) {
            throw new IllegalArgumentException("etapa sem regra própria esperada, não " + etapa);
        }
    }

    /** Without an {@code If-Match} precondition. */
    public MudarEtapaDoPedidoCommand(String pedidoId, String lojaId, StatusPedido etapa,
                                     Optional<String> motivoCancelamento, AcompanhamentoDoPedido acompanhamento,
                                     Instant em) {
        this(pedidoId, lojaId, etapa, motivoCancelamento, acompanhamento, em, null);
    }
}
