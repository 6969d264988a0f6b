package br.com.lojaapi.query.pedido;

import br.com.lojaapi.coreapi.pedido.ClienteDoPedido;
import br.com.lojaapi.coreapi.pedido.PedidoCanceladoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoCriadoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoEditadoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoPagoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoRemovidoEvent;
import br.com.lojaapi.coreapi.pedido.RastreioDoPedidoDefinidoEvent;
import br.com.lojaapi.coreapi.pedido.StatusDoPedidoAlteradoEvent;
import br.com.lojaapi.coreapi.pedido.ValoresDoPedido;
import br.com.lojaapi.query.comum.TabelasDoModelo;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.Timestamp;
import java.time.Instant;

/**
 * Read model of orders, one row per order with its lines as JSON. Every update is guarded by the order's version
 * ({@code versao < ?}), so a replay or a batch processed twice leaves the same row.
 */
@Component
@TabelasDoModelo("pedido_view")
@ProcessingGroup(PedidoProjection.GRUPO)
class PedidoProjection {

    static final String GRUPO = "pedido-view";

    private final JdbcTemplate jdbc;

    PedidoProjection(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @EventHandler
    void on(PedidoCriadoEvent e, @SequenceNumber long versao) {
        ClienteDoPedido c = e.cliente();
        jdbc.update("""
                INSERT INTO pedido_view (id, loja_id, numero, status, tipo_entrega, subtotal, desconto, taxa_entrega,
                       ajuste_pagamento, total, observacoes, pagamento_status, pagamentos, cliente, cliente_id,
                       cliente_registrado, itens, criado_em, atualizado_em, versao)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?::jsonb, ?::jsonb, ?, ?, ?)
                ON CONFLICT (id) DO NOTHING""",
                e.pedidoId(), e.lojaId(), e.numero(), e.status().name(), e.tipoEntrega().name(), e.subtotal(),
                e.desconto(), e.taxaEntrega(), e.ajustePagamento(), e.total(), e.observacoes(), e.pagamentoStatus(),
                DocumentosDoPedido.escrever(e.pagamentos()), DocumentosDoPedido.escrever(c), e.clienteId(),
                DocumentosDoPedido.escrever(e.clienteRegistrado()), DocumentosDoPedido.escrever(e.itens()),
                momento(e.criadoEm()), momento(e.criadoEm()), versao);
    }

    @EventHandler
    void on(StatusDoPedidoAlteradoEvent e, @SequenceNumber long versao) {
        jdbc.update("""
                UPDATE pedido_view SET status = ?, motivo_cancelamento = ?, tempo_entrega = ?, codigo_rastreio = ?,
                       url_rastreio = ?, pagamento_status = ?, atualizado_em = ?, versao = ?
                 WHERE id = ? AND versao < ?""",
                e.status().name(), e.motivoCancelamento(), e.tempoEntrega(), e.codigoRastreio(), e.urlRastreio(),
                e.pagamentoStatus(), momento(e.atualizadoEm()), versao, e.pedidoId(), versao);
    }

    @EventHandler
    void on(PedidoEditadoEvent e, @SequenceNumber long versao) {
        ValoresDoPedido d = e.depois();
        jdbc.update("""
                UPDATE pedido_view SET itens = ?::jsonb, subtotal = ?, desconto = ?, taxa_entrega = ?,
                       ajuste_pagamento = ?, total = ?, atualizado_em = ?, versao = ?
                 WHERE id = ? AND versao < ?""",
                DocumentosDoPedido.escrever(d.itens()), d.subtotal(), d.desconto(), d.taxaEntrega(),
                d.ajustePagamento(), d.total(), momento(e.editadoEm()), versao, e.pedidoId(), versao);
    }

    @EventHandler
    void on(PedidoCanceladoEvent e, @SequenceNumber long versao) {
        versao(e.pedidoId(), versao);
    }

    @EventHandler
    void on(PedidoPagoEvent e, @SequenceNumber long versao) {
        versao(e.pedidoId(), versao);
    }

    @EventHandler
    void on(RastreioDoPedidoDefinidoEvent e, @SequenceNumber long versao) {
        jdbc.update("""
                UPDATE pedido_view SET codigo_rastreio = ?, url_rastreio = ?, atualizado_em = ?, versao = ?
                 WHERE id = ? AND versao < ?""",
                e.codigoRastreio(), e.urlRastreio(), momento(e.em()), versao, e.pedidoId(), versao);
    }

    @EventHandler
    void on(PedidoRemovidoEvent e, @SequenceNumber long versao) {
        jdbc.update("UPDATE pedido_view SET removido_em = ?, atualizado_em = ?, versao = ? WHERE id = ? AND versao < ?",
                momento(e.removidoEm()), momento(e.removidoEm()), versao, e.pedidoId(), versao);
    }

    /** TRUNCATE rather than DELETE: no per-row change notifications for a table about to be rebuilt. */
    @ResetHandler
    void reset() {
        jdbc.execute("TRUNCATE pedido_view");
    }

    /** Events that change nothing shown (they repeat what the status event said) still move the version. */
    private void versao(String pedidoId, long versao) {
        jdbc.update("UPDATE pedido_view SET versao = ? WHERE id = ? AND versao < ?", versao, pedidoId, versao);
    }

    private static Timestamp momento(Instant instante) {
        return Timestamp.from(instante);
    }
}
