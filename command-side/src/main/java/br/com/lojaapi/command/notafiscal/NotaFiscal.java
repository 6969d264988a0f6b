package br.com.lojaapi.command.notafiscal;

import br.com.lojaapi.command.anexo.ArquivosDoAnexo;
import br.com.lojaapi.command.comum.Versao;
import br.com.lojaapi.coreapi.anexo.ResultadoDoAnexo;
import br.com.lojaapi.coreapi.notafiscal.ArquivoFiscal;
import br.com.lojaapi.coreapi.notafiscal.AtualizarNotaFiscalCommand;
import br.com.lojaapi.coreapi.notafiscal.CancelarNotaFiscalCommand;
import br.com.lojaapi.coreapi.notafiscal.DadosNotaFiscal;
import br.com.lojaapi.coreapi.notafiscal.EstadoDaNota;
import br.com.lojaapi.coreapi.notafiscal.EventoDaNota;
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

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import static br.com.lojaapi.coreapi.notafiscal.EstadoDaNota.AUTORIZADA;
import static br.com.lojaapi.coreapi.notafiscal.EstadoDaNota.CANCELADA;
import static org.axonframework.modelling.command.AggregateLifecycle.apply;

/**
 * A tax invoice linked to one order of a store. The order itself never changes because of it. Which invoice a
 * key (or an NFS-e's number and code) belongs to, and the limit per order, are settled before its commands run
 * ({@link NotasFiscaisDoPedido}).
 * <p>
 * Every event carries the whole invoice after it ({@link EstadoDaNota}); the warnings are worked out here, from
 * the whole invoice, at every change. Each handler answers which stored objects nothing refers to any more, for
 * the caller to delete once the command committed: a replaced file, a file sent again with the same bytes (the
 * one kept stays), the files of a removed invoice.
 */
@Aggregate
class NotaFiscal {

    static final String NAO_ENCONTRADA = "Nota fiscal não encontrada";
    private static final ArquivosDoAnexo<ArquivoFiscal> ARQUIVOS =
            new ArquivosDoAnexo<>(ArquivoFiscal::objeto, a -> List.of(a.sha256(), a.tamanho()));

    @AggregateIdentifier
    private String notaId;
    private EstadoDaNota estado;

    NotaFiscal() {
        // required by Axon
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.ALWAYS)
    ResultadoDoAnexo handle(RegistrarNotaFiscalCommand c) {
        DadosNotaFiscal dados = c.dados();
        apply(new NotaFiscalRegistradaEvent(new EstadoDaNota(c.notaId(), c.lojaId(), c.pedidoId(),
                c.contexto().pedidoNumero(), dados, c.canceladaEm() == null ? AUTORIZADA : CANCELADA, c.canceladaEm(),
                null, null, c.xml(), c.pdf(), null,
                AvisosDaNota.de(dados, c.xml() != null, c.pdf() != null, c.contexto()), c.origem(), c.em(),
                c.em())));
        return new ResultadoDoAnexo(c.notaId(), "criada", Versao.atual(), List.of());
    }

    /**
     * Sent again: the data of a new XML and each file sent replace the kept ones. When nothing changes (the same
     * bytes again, say) no event is applied; the answer is still {@code atualizada}.
     */
    @CommandHandler
    ResultadoDoAnexo handle(AtualizarNotaFiscalCommand c) {
        exigirDoPedido(c.lojaId(), c.pedidoId());
        List<String> livres = new ArrayList<>();
        ArquivoFiscal xml = ARQUIVOS.substituir(estado.xml(), c.xml(), livres);
        ArquivoFiscal pdf = ARQUIVOS.substituir(estado.pdf(), c.pdf(), livres);
        DadosNotaFiscal dados = c.dados() == null ? estado.dados() : c.dados();
        List<String> avisos = AvisosDaNota.de(dados, xml != null, pdf != null, c.contexto());
        if (!dados.equals(estado.dados()) || !Objects.equals(xml, estado.xml()) || !Objects.equals(pdf, estado.pdf())
                || !avisos.equals(estado.avisos())) {
            apply(new NotaFiscalAtualizadaEvent(new EstadoDaNota(notaId, estado.lojaId(), estado.pedidoId(),
                    estado.pedidoNumero(), dados, estado.situacao(), estado.canceladaEm(),
                    estado.tipoEventoCancelamento(), estado.protocoloCancelamento(), xml, pdf,
                    estado.xmlCancelamento(), avisos, estado.origem(), estado.criadoEm(), c.em())));
        }
        if (c.canceladaEm() != null && AUTORIZADA.equals(estado.situacao())) {
            cancelar(null, null, c.canceladaEm(), estado.xmlCancelamento(), c.em());
            return new ResultadoDoAnexo(notaId, "cancelada", Versao.atual(), livres);
        }
        return new ResultadoDoAnexo(notaId, "atualizada", Versao.atual(), livres);
    }

    /** A cancellation sent again changes nothing: the invoice stays as the first one left it. */
    @CommandHandler
    ResultadoDoAnexo handle(CancelarNotaFiscalCommand c) {
        exigirDoPedido(c.lojaId(), c.pedidoId());
        List<String> livres = new ArrayList<>();
        if (CANCELADA.equals(estado.situacao())) {
            if (c.xmlCancelamento() != null && !c.xmlCancelamento().equals(estado.xmlCancelamento())) {
                livres.add(c.xmlCancelamento().objeto());
            }
        } else {
            cancelar(c.tipoEvento(), c.protocoloCancelamento(), c.canceladaEm(),
                    ARQUIVOS.substituir(estado.xmlCancelamento(), c.xmlCancelamento(), livres), c.em());
        }
        return new ResultadoDoAnexo(notaId, "cancelada", Versao.atual(), livres);
    }

    @CommandHandler
    ResultadoDoAnexo handle(RemoverNotaFiscalCommand c) {
        exigirDoPedido(c.lojaId(), c.pedidoId());
        Versao.exigir(c.versaoEsperada());
        List<String> livres = ARQUIVOS.objetos(estado.xml(), estado.pdf(), estado.xmlCancelamento());
        apply(new NotaFiscalRemovidaEvent(estado, c.em()));
        return new ResultadoDoAnexo(notaId, "removida", Versao.atual(), livres);
    }

    @EventSourcingHandler
    void on(EventoDaNota e) {
        notaId = e.nota().notaId();
        estado = e.nota();
    }

    /** A removed invoice is gone: loading it again is the 404 of a missing one. */
    @EventSourcingHandler
    void on(NotaFiscalRemovidaEvent e) {
        AggregateLifecycle.markDeleted();
    }

    private void cancelar(String tipoEvento, String protocolo, OffsetDateTime em,
                          ArquivoFiscal xmlCancelamento, Instant agora) {
        apply(new NotaFiscalCanceladaEvent(new EstadoDaNota(notaId, estado.lojaId(), estado.pedidoId(),
                estado.pedidoNumero(), estado.dados(), CANCELADA, em, tipoEvento, protocolo, estado.xml(),
                estado.pdf(), xmlCancelamento, estado.avisos(), estado.origem(), estado.criadoEm(), agora)));
    }

    private void exigirDoPedido(String loja, String pedido) {
        ArquivosDoAnexo.exigirDoPedido(estado.lojaId(), estado.pedidoId(), loja, pedido, NAO_ENCONTRADA);
    }
}
