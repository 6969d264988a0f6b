package br.com.lojaapi.coreapi.produto;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.List;

/**
 * An edited order's lines of this product. {@code cotar} are new or changed lines: the product prices them and
 * rounds their quantities as at creation. {@code mantidos} are lines kept as they were, {@code anteriores} the lines
 * the order held before. With {@code estoqueTomado} the product moves only the difference per product or variation:
 * it takes an increase (refusing, as at creation, what it does not have) and gives back a decrease. Answers
 * {@link ItensCotados} for {@code cotar}.
 */
public record AjustarEstoqueDoPedidoCommand(@TargetAggregateIdentifier String produtoId,
                                            String lojaId,
                                            String pedidoId,
                                            List<ItemSolicitado> cotar,
                                            List<ItemSolicitado> mantidos,
                                            List<ItemSolicitado> anteriores,
                                            boolean estoqueTomado,
                                            Instant em) {

    public AjustarEstoqueDoPedidoCommand {
        cotar = List.copyOf(cotar);
        mantidos = List.copyOf(mantidos);
        anteriores = List.copyOf(anteriores);
    }
}
