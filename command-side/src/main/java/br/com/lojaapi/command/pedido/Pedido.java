package br.com.lojaapi.command.pedido;

import br.com.lojaapi.command.comum.Campos;
import br.com.lojaapi.command.comum.DaLoja;
import br.com.lojaapi.command.comum.Versao;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import br.com.lojaapi.coreapi.pedido.AcompanhamentoDoPedido;
import br.com.lojaapi.coreapi.pedido.CancelarPedidoCommand;
import br.com.lojaapi.coreapi.pedido.ConfirmarPedidoCommand;
import br.com.lojaapi.coreapi.pedido.CriarPedidoCommand;
import br.com.lojaapi.coreapi.pedido.DefinirRastreioDoPedidoCommand;
import br.com.lojaapi.coreapi.pedido.EditarPedidoCommand;
import br.com.lojaapi.coreapi.pedido.ItemDoPedido;
import br.com.lojaapi.coreapi.pedido.LinhaDeEstoque;
import br.com.lojaapi.coreapi.pedido.MudarEtapaDoPedidoCommand;
import br.com.lojaapi.coreapi.pedido.MovimentoDoPedido;
import br.com.lojaapi.coreapi.pedido.Pagamento;
import br.com.lojaapi.coreapi.pedido.PedidoCanceladoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoCriadoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoEditadoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoEmEdicao;
import br.com.lojaapi.coreapi.pedido.PedidoExcluido;
import br.com.lojaapi.coreapi.pedido.PedidoPagoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoRemovidoEvent;
import br.com.lojaapi.coreapi.pedido.PrepararEdicaoDoPedidoCommand;
import br.com.lojaapi.coreapi.pedido.RastreioDoPedidoDefinidoEvent;
import br.com.lojaapi.coreapi.pedido.RemoverPedidoCommand;
import br.com.lojaapi.coreapi.pedido.ResultadoDaConfirmacao;
import br.com.lojaapi.coreapi.pedido.ResultadoDoCancelamento;
import br.com.lojaapi.coreapi.pedido.StatusDoPedidoAlteradoEvent;
import br.com.lojaapi.coreapi.pedido.StatusPedido;
import br.com.lojaapi.coreapi.pedido.ValoresDoPedido;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;
import static org.axonframework.modelling.command.AggregateLifecycle.markDeleted;

/**
 * An order and its status. The order remembers whether it holds its lines' stock, so the stock is taken once and
 * given back once whatever the path: a confirmation or cancellation decides it, records it in its event and answers
 * the lines, whose products carry the movement out in the same transaction. An edit's lines come with their stock
 * difference already moved by the products. {@code CANCELADO} is final and cannot be edited.
 */
@Aggregate
class Pedido {

    static final String NAO_ENCONTRADO = "Pedido não encontrado";

    @AggregateIdentifier
    private String pedidoId;
    private String lojaId;
    private long numero;
    private StatusPedido status;
    private boolean estoqueTomado;
    private List<LinhaDeEstoque> linhas;
    private ValoresDoPedido valores;
    private String motivoCancelamento;
    private String tempoEntrega;
    private String codigoRastreio;
    private String urlRastreio;
    private String pagamentoStatus;
    private List<Pagamento> pagamentos;

    Pedido() {
        // required by Axon
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.ALWAYS)
    long handle(CriarPedidoCommand comando) {
        apply(RegrasDePedido.novo(comando));
        return Versao.atual();
    }

    /**
     * The first cancellation gives back the stock the order holds: its event records {@code DEVOLVER} and the lines
     * are answered, for their products to take back in the same transaction. Cancelling again is accepted (a new
     * reason, tracking) and gives nothing back.
     */
    @CommandHandler
    ResultadoDoCancelamento handle(CancelarPedidoCommand comando) {
        DaLoja.exigir(lojaId, comando.lojaId(), NAO_ENCONTRADO);
        Versao.exigir(comando.versaoEsperada());
        String motivo = Campos.opcional(comando.motivoCancelamento(), motivoCancelamento,
                RegrasDePedido::motivoCancelamento);
        if (motivo == null) {
            throw ErroDeNegocio.invalido("motivoCancelamento é obrigatório para cancelar o pedido");
        }
        StatusPedido anterior = status;
        boolean primeiraVez = anterior != StatusPedido.CANCELADO;
        boolean devolve = primeiraVez && estoqueTomado;
        String pagamentoAnterior = pagamentoStatus;
        apply(statusAlterado(StatusPedido.CANCELADO, motivo, comando.acompanhamento(),
                devolve ? MovimentoDoPedido.DEVOLVER : MovimentoDoPedido.NENHUM, comando.em()));
        if (primeiraVez) {
            apply(new PedidoCanceladoEvent(pedidoId, lojaId, numero, status, anterior, motivoCancelamento, tempoEntrega,
                    codigoRastreio, urlRastreio, comando.em()));
        }
        pagamentoConfirmado(pagamentoAnterior, comando.em());
        return new ResultadoDoCancelamento(Versao.atual(), devolve ? linhas : List.of());
    }

    /**
     * A pending order created without taking its stock takes it now: its event records {@code TOMAR} and the lines
     * are answered, for their products to take in the same transaction. Any other confirmation moves no stock.
     */
    @CommandHandler
    ResultadoDaConfirmacao handle(ConfirmarPedidoCommand comando) {
        exigirNaoCancelado(comando.lojaId(), comando.versaoEsperada(), comando.motivoCancelamento());
        boolean toma = status == StatusPedido.PENDENTE && !estoqueTomado;
        String pagamentoAnterior = pagamentoStatus;
        apply(statusAlterado(StatusPedido.CONFIRMADO, null, comando.acompanhamento(),
                toma ? MovimentoDoPedido.TOMAR : MovimentoDoPedido.NENHUM, comando.em()));
        pagamentoConfirmado(pagamentoAnterior, comando.em());
        return new ResultadoDaConfirmacao(Versao.atual(), toma ? linhas : List.of());
    }

    @CommandHandler
    long handle(MudarEtapaDoPedidoCommand comando) {
        exigirNaoCancelado(comando.lojaId(), comando.versaoEsperada(), comando.motivoCancelamento());
        String pagamentoAnterior = pagamentoStatus;
        apply(statusAlterado(comando.etapa(), null, comando.acompanhamento(), MovimentoDoPedido.NENHUM,
                comando.em()));
        pagamentoConfirmado(pagamentoAnterior, comando.em());
        return Versao.atual();
    }

    /** Under the order's lock, before the products price the edit's lines and move the stock difference. */
    @CommandHandler
    PedidoEmEdicao handle(PrepararEdicaoDoPedidoCommand comando) {
        exigirEditavel(comando.lojaId());
        return new PedidoEmEdicao(estoqueTomado, valores.itens());
    }

    /** An edit that changes nothing a client can see records nothing and answers the current version. */
    @CommandHandler
    long handle(EditarPedidoCommand comando) {
        exigirEditavel(comando.lojaId());
        String editadoPor = RegrasDeEdicao.editadoPor(comando.editadoPor());
        ValoresDoPedido depois = RegrasDeEdicao.depois(valores, comando);
        String resumo = RegrasDeEdicao.resumo(valores, depois);
        if (!resumo.isEmpty()) {
            apply(new PedidoEditadoEvent(pedidoId, lojaId, numero, status, valores, depois, resumo, editadoPor,
                    comando.em()));
        }
        return Versao.atual();
    }

    /**
     * A carrier label's code is adopted only by an order without one: a code set by PATCH or by an earlier
     * label is never overwritten. The status is untouched.
     */
    @CommandHandler
    long handle(DefinirRastreioDoPedidoCommand comando) {
        DaLoja.exigir(lojaId, comando.lojaId(), NAO_ENCONTRADO);
        if (codigoRastreio == null && comando.codigoRastreio() != null) {
            apply(new RastreioDoPedidoDefinidoEvent(pedidoId, lojaId, comando.codigoRastreio(),
                    urlRastreio == null ? comando.urlRastreio() : urlRastreio, comando.em()));
        }
        return Versao.atual();
    }

    @CommandHandler
    PedidoExcluido handle(RemoverPedidoCommand comando) {
        DaLoja.exigir(lojaId, comando.lojaId(), NAO_ENCONTRADO);
        Versao.exigir(comando.versaoEsperada());
        if (status != StatusPedido.CANCELADO) {
            throw ErroDeNegocio.conflito("Só pedidos CANCELADO podem ser excluídos; este pedido está " + status);
        }
        apply(new PedidoRemovidoEvent(pedidoId, lojaId, numero, comando.em()));
        return new PedidoExcluido(Versao.atual(), numero);
    }

    @EventSourcingHandler
    void on(PedidoCriadoEvent evento) {
        pedidoId = evento.pedidoId();
        lojaId = evento.lojaId();
        numero = evento.numero();
        status = evento.status();
        estoqueTomado = evento.estoqueTomado();
        valores = new ValoresDoPedido(evento.itens(), evento.subtotal(), BigDecimal.ZERO.setScale(2),
                evento.desconto(), evento.taxaEntrega(), evento.ajustePagamento(), evento.total());
        linhas = linhasDeEstoque(evento.itens());
        pagamentoStatus = evento.pagamentoStatus();
        pagamentos = evento.pagamentos();
    }

    /** The stock the order holds follows its lines: a cancellation after an edit gives back the edited quantities. */
    @EventSourcingHandler
    void on(PedidoEditadoEvent evento) {
        valores = evento.depois();
        linhas = linhasDeEstoque(evento.depois().itens());
    }

    @EventSourcingHandler
    void on(StatusDoPedidoAlteradoEvent evento) {
        status = evento.status();
        motivoCancelamento = evento.motivoCancelamento();
        tempoEntrega = evento.tempoEntrega();
        codigoRastreio = evento.codigoRastreio();
        urlRastreio = evento.urlRastreio();
        pagamentoStatus = evento.pagamentoStatus();
        if (evento.estoque() == MovimentoDoPedido.TOMAR) {
            estoqueTomado = true;
        } else if (evento.estoque() == MovimentoDoPedido.DEVOLVER) {
            estoqueTomado = false;
        }
    }

    @EventSourcingHandler
    void on(RastreioDoPedidoDefinidoEvent evento) {
        codigoRastreio = evento.codigoRastreio();
        urlRastreio = evento.urlRastreio();
    }

    @EventSourcingHandler
    void on(PedidoRemovidoEvent evento) {
        markDeleted();
    }

    /** {@code pedido.status} of every PATCH, to its current status too; the tracking fields sent are checked here. */
    private StatusDoPedidoAlteradoEvent statusAlterado(StatusPedido novo, String motivo, AcompanhamentoDoPedido enviado,
                                                       MovimentoDoPedido estoque, Instant em) {
        return new StatusDoPedidoAlteradoEvent(pedidoId, lojaId, numero, novo, status, motivo,
                Campos.opcional(enviado.tempoEntrega(), tempoEntrega, RegrasDePedido::tempoEntrega),
                Campos.opcional(enviado.codigoRastreio(), codigoRastreio, RegrasDePedido::codigoRastreio),
                Campos.opcional(enviado.urlRastreio(), urlRastreio, RegrasDePedido::urlRastreio),
                Campos.opcional(enviado.pagamentoStatus(), pagamentoStatus, RegrasDePedido::pagamentoStatus),
                estoque, em);
    }

    /** {@code pedido.pago} when the change just applied made the payment {@code PAGO}. */
    private void pagamentoConfirmado(String pagamentoAnterior, Instant em) {
        if ("PAGO".equals(pagamentoStatus) && !"PAGO".equals(pagamentoAnterior)) {
            apply(new PedidoPagoEvent(pedidoId, lojaId, numero, pagamentoStatus, pagamentos, valores.total(), em));
        }
    }

    /**
     * Every status but {@code CANCELADO} is refused once cancelled (cancelling is final), after the store and the
     * {@code If-Match}. A {@code motivoCancelamento} sent along is checked as on a cancellation and not kept: the
     * contract lets any PATCH carry it, and a reason for a cancellation that did not happen is no data.
     */
    private void exigirNaoCancelado(String lojaDoComando, VersaoEsperada esperada, Optional<String> motivoEnviado) {
        DaLoja.exigir(lojaId, lojaDoComando, NAO_ENCONTRADO);
        Versao.exigir(esperada);
        if (status == StatusPedido.CANCELADO) {
            throw ErroDeNegocio.conflito("Pedido cancelado não muda de status (cancelamento é final)");
        }
        Campos.opcional(motivoEnviado, null, RegrasDePedido::motivoCancelamento);
    }

    private static List<LinhaDeEstoque> linhasDeEstoque(List<ItemDoPedido> itens) {
        return IntStream.range(0, itens.size()).mapToObj(i -> {
            ItemDoPedido item = itens.get(i);
            return new LinhaDeEstoque(i, item.produto().id(), item.variacao() == null ? null : item.variacao().id(),
                    item.quantidade());
        }).toList();
    }

    private void exigirEditavel(String lojaDoComando) {
        DaLoja.exigir(lojaId, lojaDoComando, NAO_ENCONTRADO);
        if (status == StatusPedido.CANCELADO) {
            throw ErroDeNegocio.conflito("Pedido cancelado não pode ser editado");
        }
    }
}
