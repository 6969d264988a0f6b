package br.com.lojaapi.coreapi.pedido;

import br.com.lojaapi.coreapi.cliente.DadosCliente;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/** A new order, complete: what {@code pedido.criado} carries and everything the order's read model shows. */
public record PedidoCriadoEvent(String pedidoId,
                                String lojaId,
                                long numero,
                                StatusPedido status,
                                TipoEntrega tipoEntrega,
                                ClienteDoPedido cliente,
                                String clienteId,
                                DadosCliente clienteRegistrado,
                                List<ItemDoPedido> itens,
                                BigDecimal subtotal,
                                BigDecimal desconto,
                                BigDecimal taxaEntrega,
                                BigDecimal ajustePagamento,
                                BigDecimal total,
                                String observacoes,
                                String pagamentoStatus,
                                List<Pagamento> pagamentos,
                                boolean estoqueTomado,
                                Instant criadoEm) {

    public PedidoCriadoEvent {
        itens = List.copyOf(itens);
        pagamentos = pagamentos == null ? List.of() : List.copyOf(pagamentos);
    }
}
