package br.com.lojaapi.coreapi.pedido;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/** {@code pagamentoStatus} became {@code PAGO}; carries the {@code pedido.pago} payload. */
public record PedidoPagoEvent(String pedidoId,
                              String lojaId,
                              long numero,
                              String pagamentoStatus,
                              List<Pagamento> pagamentos,
                              BigDecimal total,
                              Instant pagoEm) {

    public PedidoPagoEvent {
        pagamentos = pagamentos == null ? List.of() : List.copyOf(pagamentos);
    }
}
