package br.com.lojaapi.coreapi.pedido;

import br.com.lojaapi.coreapi.cliente.DadosCliente;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/** An order as its read model holds it. */
public record PedidoView(String id,
                         String lojaId,
                         long numero,
                         StatusPedido status,
                         TipoEntrega tipoEntrega,
                         BigDecimal subtotal,
                         BigDecimal desconto,
                         BigDecimal taxaEntrega,
                         BigDecimal ajustePagamento,
                         BigDecimal total,
                         String observacoes,
                         String motivoCancelamento,
                         String tempoEntrega,
                         String codigoRastreio,
                         String urlRastreio,
                         String pagamentoStatus,
                         List<Pagamento> pagamentos,
                         ClienteDoPedido cliente,
                         String clienteId,
                         DadosCliente clienteRegistrado,
                         List<ItemDoPedido> itens,
                         List<NotaFiscalDoPedido> notasFiscais,
                         List<EtiquetaDoPedido> etiquetasEnvio,
                         Instant criadoEm,
                         Instant atualizadoEm,
                         long versao) {

    public PedidoView {
        pagamentos = List.copyOf(pagamentos);
        itens = List.copyOf(itens);
        notasFiscais = List.copyOf(notasFiscais);
        etiquetasEnvio = List.copyOf(etiquetasEnvio);
    }

    /** The same order with its linked invoices and carrier labels, which read models of their own keep. */
    public PedidoView comAnexos(List<NotaFiscalDoPedido> notas, List<EtiquetaDoPedido> etiquetas) {
        return new PedidoView(id, lojaId, numero, status, tipoEntrega, subtotal, desconto, taxaEntrega,
                ajustePagamento, total, observacoes, motivoCancelamento, tempoEntrega, codigoRastreio, urlRastreio,
                pagamentoStatus, pagamentos, cliente, clienteId, clienteRegistrado, itens, notas, etiquetas,
                criadoEm, atualizadoEm, versao);
    }
}
