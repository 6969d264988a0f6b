package br.com.lojaapi.coreapi.produto;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.List;

/**
 * Gives back what a cancelled order took: the product applies the same rule it took by (only when it controls
 * stock) and skips variations removed since.
 */
public record DevolverEstoqueDoPedidoCommand(@TargetAggregateIdentifier String produtoId,
                                             String lojaId,
                                             String pedidoId,
                                             List<ItemSolicitado> itens,
                                             Instant em,
                                             MotivoDoMovimento motivo) {

    public DevolverEstoqueDoPedidoCommand {
        itens = List.copyOf(itens);
    }
}
