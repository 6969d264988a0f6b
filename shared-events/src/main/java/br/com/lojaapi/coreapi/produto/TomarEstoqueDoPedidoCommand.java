package br.com.lojaapi.coreapi.produto;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.List;

/**
 * The lines of one order that name this product: the product prices them (its own current prices, never the
 * client's), rounds their quantities up to its sale multiple and, when it controls stock, takes the stock for all
 * of them or refuses naming the first line that lacks it. Answers {@link ItensCotados}.
 */
public record TomarEstoqueDoPedidoCommand(@TargetAggregateIdentifier String produtoId,
                                          String lojaId,
                                          String pedidoId,
                                          List<ItemSolicitado> itens,
                                          Instant em,
                                          MotivoDoMovimento motivo) {

    public TomarEstoqueDoPedidoCommand {
        itens = List.copyOf(itens);
    }
}
