package br.com.lojaapi.coreapi.pedido;

import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.Optional;

/**
 * PATCH /pedidos/{id}. The optional fields are tri-state: null = not sent (kept), empty = sent as null (cleared),
 * a value = set.
 */
public record AlterarStatusDoPedidoCommand(@TargetAggregateIdentifier String pedidoId,
                                           String lojaId,
                                           StatusPedido status,
                                           Optional<String> motivoCancelamento,
                                           Optional<String> tempoEntrega,
                                           Optional<String> codigoRastreio,
                                           Optional<String> urlRastreio,
                                           Optional<String> pagamentoStatus,
                                           Instant em,
                                           VersaoEsperada versaoEsperada) {

    /** Without an {@code If-Match} precondition. */
    public AlterarStatusDoPedidoCommand(String pedidoId, String lojaId, StatusPedido status,
            Optional<String> motivoCancelamento, Optional<String> tempoEntrega, Optional<String> codigoRastreio,
            Optional<String> urlRastreio, Optional<String> pagamentoStatus, Instant em) {
        this(pedidoId, lojaId, status, motivoCancelamento, tempoEntrega, codigoRastreio, urlRastreio, pagamentoStatus,
                em, null);
    }
}
