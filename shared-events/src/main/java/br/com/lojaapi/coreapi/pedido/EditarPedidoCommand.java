package br.com.lojaapi.coreapi.pedido;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The operator's edit of an order, with every line already priced by its product and the stock difference already
 * moved. {@code itens} null keeps the lines; {@code desconto} and {@code taxaEntrega} are tri-state like PATCH
 * fields (null = kept, empty = sent as null, refused). Answers the order's version, the current one when nothing
 * changed.
 */
public record EditarPedidoCommand(@TargetAggregateIdentifier String pedidoId,
                                  String lojaId,
                                  List<ItemDoPedido> itens,
                                  Optional<BigDecimal> desconto,
                                  Optional<BigDecimal> taxaEntrega,
                                  String editadoPor,
                                  Instant em) {

    public EditarPedidoCommand {
        itens = itens == null ? null : List.copyOf(itens);
    }
}
