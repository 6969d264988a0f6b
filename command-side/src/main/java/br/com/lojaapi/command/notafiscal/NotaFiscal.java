package br.com.lojaapi.command.notafiscal;

import br.com.lojaapi.command.comum.Versao;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.notafiscal.AtualizarNotaFiscalCommand;
import br.com.lojaapi.coreapi.notafiscal.CancelarNotaFiscalCommand;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalAtualizadaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalCanceladaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalRegistradaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalRemovidaEvent;
import br.com.lojaapi.coreapi.notafiscal.RegistrarNotaFiscalCommand;
import br.com.lojaapi.coreapi.notafiscal.RemoverNotaFiscalCommand;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.AggregateLifecycle;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

import java.util.Objects;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

/**
 * A tax invoice linked to one order of a store. The order itself never changes because of it. Which invoice a
 * key (or an NFS-e's number and code) belongs to, and the limit per order, are settled before its commands run.
 */
@Aggregate
class NotaFiscal {

    static final String NAO_ENCONTRADA = "Nota fiscal não encontrada";
    static final String AUTORIZADA = "AUTORIZADA";
    static final String CANCELADA = "CANCELADA";

    @AggregateIdentifier
    private String notaId;
    private String lojaId;
    private String pedidoId;
    private String situacao;

    NotaFiscal() {
        // required by Axon
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.ALWAYS)
    long handle(RegistrarNotaFiscalCommand c) {
        apply(new NotaFiscalRegistradaEvent(c.notaId(), c.lojaId(), c.pedidoId(), c.pedidoNumero(), c.dados(), c.xml(),
                c.pdf(), c.canceladaEm() == null ? AUTORIZADA : CANCELADA, c.canceladaEm(), c.avisos(), c.origem(),
                c.em()));
        return Versao.atual();
    }

    @CommandHandler
    long handle(AtualizarNotaFiscalCommand c) {
        exigirDoPedido(c.lojaId(), c.pedidoId());
        apply(new NotaFiscalAtualizadaEvent(notaId, lojaId, pedidoId, c.dados(), c.xml(), c.pdf(), c.avisos(), c.em()));
        return Versao.atual();
    }

    /** A cancellation sent again changes nothing: the invoice stays as the first one left it. */
    @CommandHandler
    long handle(CancelarNotaFiscalCommand c) {
        exigirDoPedido(c.lojaId(), c.pedidoId());
        if (!CANCELADA.equals(situacao)) {
            apply(new NotaFiscalCanceladaEvent(notaId, lojaId, pedidoId, c.tipoEvento(), c.protocoloCancelamento(),
                    c.canceladaEm(), c.xmlCancelamento(), c.em()));
        }
        return Versao.atual();
    }

    @CommandHandler
    long handle(RemoverNotaFiscalCommand c) {
        exigirDoPedido(c.lojaId(), c.pedidoId());
        apply(new NotaFiscalRemovidaEvent(notaId, lojaId, pedidoId, c.em()));
        return Versao.atual();
    }

    @EventSourcingHandler
    void on(NotaFiscalRegistradaEvent e) {
        notaId = e.notaId();
        lojaId = e.lojaId();
        pedidoId = e.pedidoId();
        situacao = e.situacao();
    }

    @EventSourcingHandler
    void on(NotaFiscalCanceladaEvent e) {
        situacao = CANCELADA;
    }

    @EventSourcingHandler
    void on(NotaFiscalRemovidaEvent e) {
        AggregateLifecycle.markDeleted();
    }

    /** Another store's or another order's invoice is reported exactly like a missing one. */
    private void exigirDoPedido(String loja, String pedido) {
        if (!Objects.equals(lojaId, loja) || !Objects.equals(pedidoId, pedido)) {
            throw ErroDeNegocio.naoEncontrado(NAO_ENCONTRADA);
        }
    }
}
