package br.com.lojaapi.coreapi.pedido;

import br.com.lojaapi.coreapi.cliente.DadosCliente;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * A new order with lines already priced by their products. {@code clienteRegistrado} is the data of
 * {@code clienteId} (both null for an unregistered customer); {@code estoqueTomado} says whether the stock of the
 * lines was taken in the same transaction.
 */
public record CriarPedidoCommand(@TargetAggregateIdentifier String pedidoId,
                                 String lojaId,
                                 long numero,
                                 TipoEntrega tipoEntrega,
                                 ClienteDoPedido cliente,
                                 String clienteId,
                                 DadosCliente clienteRegistrado,
                                 List<ItemDoPedido> itens,
                                 BigDecimal desconto,
                                 BigDecimal taxaEntrega,
                                 String observacoes,
                                 boolean estoqueTomado,
                                 Instant criadoEm) {

    public CriarPedidoCommand {
        itens = List.copyOf(itens);
    }
}
