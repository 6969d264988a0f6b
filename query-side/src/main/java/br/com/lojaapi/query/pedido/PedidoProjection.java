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
import br.com.lojaapi.query.comum.IndicesGlobais;
import br.com.lojaapi.query.comum.TabelasDoModelo;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Read model of orders, one row per order with its lines as JSON. Every write is guarded by the order's version
 * ({@code versao < ?}), so a replay or a batch processed twice leaves the same row. Each write records the event's
 * global index ({@link IndicesGlobais}) with the version, for incremental sync.
 * <p>
 * An order created in the batch being handled is folded in memory: its creation and every later event of the
 * same batch make one row, written once when the batch commits (one JDBC batch for all such orders). During a
 * rebuild or a catch-up a batch holds most of an order's life, so this writes each order once instead of once
 * per event. An order created in an earlier batch is updated statement by statement, in event order, as before.
 * <p>
 * The store's counts by status ({@code pedido_contagem}, {@link ContagemDePedidos}) follow every write of
 * {@code pedido_view} by its triggers, in the same transaction: no handler writes them.
 */
@Component
@TabelasDoModelo({"pedido_view", "pedido_contagem"})
@ProcessingGroup("pedido-view")
class PedidoProjection {

    private static final String LOTE = PedidoProjection.class.getName() + ".novos";

    /** The columns of a row written whole, in the order of {@link Novo#valores()}. */
    static final List<String> COLUNAS = List.of("id", "loja_id", "numero", "status", "tipo_entrega", "subtotal",
            "desconto", "taxa_entrega", "ajuste_pagamento", "total", "observacoes", "motivo_cancelamento",
            "tempo_entrega", "codigo_rastreio", "url_rastreio", "pagamento_status", "pagamentos", "cliente",
            "cliente_id", "cliente_registrado", "itens", "criado_em", "atualizado_em", "removido_em", "versao",
            "global_index");

    private static final String GRAVAR_NOVO = "INSERT INTO pedido_view (" + String.join(", ", COLUNAS) + ") " + """
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, subtotal = EXCLUDED.subtotal,
                   desconto = EXCLUDED.desconto, taxa_entrega = EXCLUDED.taxa_entrega,
                   ajuste_pagamento = EXCLUDED.ajuste_pagamento, total = EXCLUDED.total,
                   motivo_cancelamento = EXCLUDED.motivo_cancelamento, tempo_entrega = EXCLUDED.tempo_entrega,
                   codigo_rastreio = EXCLUDED.codigo_rastreio, url_rastreio = EXCLUDED.url_rastreio,
                   pagamento_status = EXCLUDED.pagamento_status, itens = EXCLUDED.itens,
                   atualizado_em = EXCLUDED.atualizado_em, removido_em = EXCLUDED.removido_em,
                   versao = EXCLUDED.versao, global_index = EXCLUDED.global_index
             WHERE pedido_view.versao < EXCLUDED.versao""";

    private final JdbcTemplate jdbc;
    private final IndicesGlobais indices;

    PedidoProjection(JdbcTemplate jdbc, IndicesGlobais indices) {
        this.jdbc = jdbc;
        this.indices = indices;
    }

    /** An order's lines (JSON) and money, as its creation or its last edit left them. */
    private record Valores(String itens, BigDecimal subtotal, BigDecimal desconto, BigDecimal taxaEntrega,
                           BigDecimal ajustePagamento, BigDecimal total) {
    }

    /**
     * An order created in the current batch (or, in a rebuild's bulk load, in the current range of the event store,
     * {@link CargaDePedidos}), as its row will be written: its creation and every later event of it folded in memory
     * by the rules below, the one place they are written.
     */
    static final class Novo {
        final PedidoCriadoEvent criacao;
        String status;
        Valores valores;
        String motivoCancelamento;
        String tempoEntrega;
        String codigoRastreio;
        String urlRastreio;
        String pagamentoStatus;
        Instant atualizadoEm;
        Instant removidoEm;
        long versao;
        long indice;

        Novo(PedidoCriadoEvent e, long versao, long indice) {
            this.criacao = e;
            this.status = e.status().name();
            this.pagamentoStatus = e.pagamentoStatus();
            this.valores = new Valores(DocumentosDoPedido.escrever(e.itens()), e.subtotal(), e.desconto(),
                    e.taxaEntrega(), e.ajustePagamento(), e.total());
            this.atualizadoEm = e.criadoEm();
            this.versao = versao;
            this.indice = indice;
        }


        /**
         * Whether the event of {@code versao} is newer than what the row holds, and so applies; then the row takes
         * its version and its global index ({@code indice}, asked only then).
         */
        boolean aplica(long versao, LongSupplier indice) {
            if (versao <= this.versao) {
                return false;
            }
            this.versao = versao;
            this.indice = indice.getAsLong();
            return true;
        }

        /** An event of this order that applies ({@link #aplica}), folded into the row; false for one of no rule. */
        boolean dobrar(Object evento) {
            if (evento instanceof StatusDoPedidoAlteradoEvent e) {
                PedidoProjection.dobrar(this, e);
            } else if (evento instanceof PedidoEditadoEvent e) {
                PedidoProjection.dobrar(this, e, DocumentosDoPedido.escrever(e.depois().itens()));
            } else if (evento instanceof RastreioDoPedidoDefinidoEvent e) {
                PedidoProjection.dobrar(this, e);
            } else if (evento instanceof PedidoRemovidoEvent e) {
                PedidoProjection.dobrar(this, e);
            } else if (!(evento instanceof PedidoCanceladoEvent) && !(evento instanceof PedidoPagoEvent)) {
                return false;
            }
            return true;
        }

        Object[] valores() {
            PedidoCriadoEvent e = criacao;
            Valores v = valores;
            return new Object[]{e.pedidoId(), e.lojaId(), e.numero(), status, e.tipoEntrega().name(), v.subtotal(),
                    v.desconto(), v.taxaEntrega(), v.ajustePagamento(), v.total(), e.observacoes(),
                    motivoCancelamento, tempoEntrega, codigoRastreio, urlRastreio, pagamentoStatus,
                    DocumentosDoPedido.escrever(e.pagamentos()), DocumentosDoPedido.escrever(e.cliente()),
                    e.clienteId(), DocumentosDoPedido.escrever(e.clienteRegistrado()), v.itens(), momento(e.criadoEm()),
                    momento(atualizadoEm), removidoEm == null ? null : momento(removidoEm), versao, indice};
        }
    }

    @EventHandler
    void on(PedidoCriadoEvent e, @SequenceNumber long versao) {
        Map<String, Novo> novos = novos();
        Novo novo = new Novo(e, versao, indices.de(e.pedidoId(), versao));
        if (novos == null) {
            jdbc.update(GRAVAR_NOVO, novo.valores());
        } else {
            novos.putIfAbsent(e.pedidoId(), novo);
        }
    }

    @EventHandler
    void on(StatusDoPedidoAlteradoEvent e, @SequenceNumber long versao) {
        mudar(e.pedidoId(), versao, novo -> dobrar(novo, e), """
                status = ?, motivo_cancelamento = ?, tempo_entrega = ?, codigo_rastreio = ?, url_rastreio = ?,
                pagamento_status = ?, atualizado_em = ?""",
                e.status().name(), e.motivoCancelamento(), e.tempoEntrega(), e.codigoRastreio(), e.urlRastreio(),
                e.pagamentoStatus(), momento(e.atualizadoEm()));
    }

    @EventHandler
    void on(PedidoEditadoEvent e, @SequenceNumber long versao) {
        ValoresDoPedido d = e.depois();
        String itens = DocumentosDoPedido.escrever(d.itens());
        mudar(e.pedidoId(), versao, novo -> dobrar(novo, e, itens), """
                itens = ?::jsonb, subtotal = ?, desconto = ?, taxa_entrega = ?, ajuste_pagamento = ?, total = ?,
                atualizado_em = ?""",
                itens, d.subtotal(), d.desconto(), d.taxaEntrega(), d.ajustePagamento(), d.total(),
                momento(e.editadoEm()));
    }

    /** Repeats what the status event said: changes nothing shown, but still moves the version. */
    @EventHandler
    void on(PedidoCanceladoEvent e, @SequenceNumber long versao) {
        mudar(e.pedidoId(), versao, novo -> { }, null);
    }

    /** Repeats what the status event said: changes nothing shown, but still moves the version. */
    @EventHandler
    void on(PedidoPagoEvent e, @SequenceNumber long versao) {
        mudar(e.pedidoId(), versao, novo -> { }, null);
    }

    @EventHandler
    void on(RastreioDoPedidoDefinidoEvent e, @SequenceNumber long versao) {
        mudar(e.pedidoId(), versao, novo -> dobrar(novo, e), "codigo_rastreio = ?, url_rastreio = ?, atualizado_em = ?",
                e.codigoRastreio(), e.urlRastreio(), momento(e.em()));
    }

    @EventHandler
    void on(PedidoRemovidoEvent e, @SequenceNumber long versao) {
        mudar(e.pedidoId(), versao, novo -> dobrar(novo, e), "removido_em = ?, atualizado_em = ?",
                momento(e.removidoEm()), momento(e.removidoEm()));
    }

    // What each event changes in a row folded in memory (the handlers' UPDATEs above set the same columns).

    private static void dobrar(Novo novo, StatusDoPedidoAlteradoEvent e) {
        novo.status = e.status().name();
        novo.motivoCancelamento = e.motivoCancelamento();
        novo.tempoEntrega = e.tempoEntrega();
        novo.codigoRastreio = e.codigoRastreio();
        novo.urlRastreio = e.urlRastreio();
        novo.pagamentoStatus = e.pagamentoStatus();
        novo.atualizadoEm = e.atualizadoEm();
    }

    private static void dobrar(Novo novo, PedidoEditadoEvent e, String itens) {
        ValoresDoPedido d = e.depois();
        novo.valores = new Valores(itens, d.subtotal(), d.desconto(), d.taxaEntrega(), d.ajustePagamento(), d.total());
        novo.atualizadoEm = e.editadoEm();
    }

    private static void dobrar(Novo novo, RastreioDoPedidoDefinidoEvent e) {
        novo.codigoRastreio = e.codigoRastreio();
        novo.urlRastreio = e.urlRastreio();
        novo.atualizadoEm = e.em();
    }

    private static void dobrar(Novo novo, PedidoRemovidoEvent e) {
        novo.removidoEm = e.removidoEm();
        novo.atualizadoEm = e.removidoEm();
    }

    /** TRUNCATE rather than DELETE: no per-row change notifications for a table about to be rebuilt. */
    @ResetHandler
    void reset() {
        jdbc.execute("TRUNCATE pedido_view");
    }

    /**
     * The event of version {@code versao} of the order: folded into its row in memory when the order was created in
     * this batch ({@code noLote}), else one UPDATE guarded by the version, setting {@code colunas} to
     * {@code valores} (null: only the version moves), the version and the event's global index.
     */
    private void mudar(String pedidoId, long versao, Consumer<Novo> noLote, String colunas, Object... valores) {
        Novo novo = novo(pedidoId);
        if (novo != null) {
            if (novo.aplica(versao, () -> indices.de(pedidoId, versao))) {
                noLote.accept(novo);
            }
            return;
        }
        List<Object> argumentos = new ArrayList<>(Arrays.asList(valores));
        argumentos.addAll(List.of(versao, indices.de(pedidoId, versao), pedidoId, versao));
        jdbc.update("UPDATE pedido_view SET " + (colunas == null ? "" : colunas + ", ")
                + "versao = ?, global_index = ? WHERE id = ? AND versao < ?", argumentos.toArray());
    }

    private Novo novo(String pedidoId) {
        Map<String, Novo> novos = novos();
        return novos == null ? null : novos.get(pedidoId);
    }

    /**
     * The orders created in the current batch, written when it commits; null outside a unit of work (then every
     * event is written at once).
     */
    private Map<String, Novo> novos() {
        if (!CurrentUnitOfWork.isStarted()) {
            return null;
        }
        UnitOfWork<?> lote = CurrentUnitOfWork.get().root();
        return lote.getOrComputeResource(LOTE, chave -> {
            Map<String, Novo> novos = new LinkedHashMap<>();
            lote.onPrepareCommit(u -> gravar(novos));
            return novos;
        });
    }

    private void gravar(Map<String, Novo> novos) {
        if (novos.isEmpty()) {
            return;
        }
        List<Object[]> linhas = new ArrayList<>(novos.size());
        novos.values().forEach(novo -> linhas.add(novo.valores()));
        jdbc.batchUpdate(GRAVAR_NOVO, linhas);
    }

    private static Timestamp momento(Instant instante) {
        return Timestamp.from(instante);
    }
}
