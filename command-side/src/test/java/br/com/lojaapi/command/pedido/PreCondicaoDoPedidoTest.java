package br.com.lojaapi.command.pedido;

import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import br.com.lojaapi.coreapi.pedido.AcompanhamentoDoPedido;
import br.com.lojaapi.coreapi.pedido.CancelarPedidoCommand;
import br.com.lojaapi.coreapi.pedido.ConfirmarPedidoCommand;
import br.com.lojaapi.coreapi.pedido.MovimentoDoPedido;
import br.com.lojaapi.coreapi.pedido.MudarEtapaDoPedidoCommand;
import br.com.lojaapi.coreapi.pedido.PedidoCanceladoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoExcluido;
import br.com.lojaapi.coreapi.pedido.PedidoRemovidoEvent;
import br.com.lojaapi.coreapi.pedido.RemoverPedidoCommand;
import br.com.lojaapi.coreapi.pedido.ResultadoDoCancelamento;
import br.com.lojaapi.coreapi.pedido.StatusPedido;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static br.com.lojaapi.command.comum.VersaoDivergente.naVersao;
import static br.com.lojaapi.command.comum.VersaoDivergente.naoEncontrado;
import static br.com.lojaapi.command.pedido.PedidoTest.ID;
import static br.com.lojaapi.command.pedido.PedidoTest.LOJA;
import static br.com.lojaapi.command.pedido.PedidoTest.T1;
import static br.com.lojaapi.command.pedido.PedidoTest.alterado;
import static br.com.lojaapi.command.pedido.PedidoTest.criado;
import static br.com.lojaapi.coreapi.pedido.StatusPedido.CANCELADO;
import static br.com.lojaapi.coreapi.pedido.StatusPedido.CONFIRMADO;
import static br.com.lojaapi.coreapi.pedido.StatusPedido.PENDENTE;

/** If-Match on an order's PATCH and DELETE: compared before the status rules, so a refusal moves no stock. */
class PreCondicaoDoPedidoTest {

    private static AggregateTestFixture<Pedido> cenario() {
        return new AggregateTestFixture<>(Pedido.class);
    }

    private static ConfirmarPedidoCommand confirmar(String loja, VersaoEsperada esperada) {
        return new ConfirmarPedidoCommand(ID, loja, null, AcompanhamentoDoPedido.INALTERADO, T1, esperada);
    }

    private static CancelarPedidoCommand cancelar(VersaoEsperada esperada) {
        return new CancelarPedidoCommand(ID, LOJA, Optional.of("x"), AcompanhamentoDoPedido.INALTERADO, T1, esperada);
    }

    private static MudarEtapaDoPedidoCommand etapa(VersaoEsperada esperada) {
        return new MudarEtapaDoPedidoCommand(ID, LOJA, StatusPedido.ENVIADO, null, AcompanhamentoDoPedido.INALTERADO,
                T1, esperada);
    }

    @Test
    void statusNaVersaoAtualPassa() {
        cenario().given(criado())
                 .when(confirmar(LOJA, VersaoEsperada.de(0)))
                 .expectEvents(alterado(CONFIRMADO, PENDENTE, null, MovimentoDoPedido.NENHUM));
    }

    @Test
    void statusComVersaoVelhaERecusadoSemEventos() {
        cenario().given(criado(), alterado(CONFIRMADO, PENDENTE, null, MovimentoDoPedido.NENHUM))
                 .when(confirmar(LOJA, VersaoEsperada.de(0)))
                 .expectNoEvents()
                 .expectException(naVersao(1));
    }

    @Test
    void versaoConferidaAntesDasRegrasDeStatus() {
        // a cancelled order refuses other statuses with 409; a stale If-Match is the first thing said
        cenario().given(criado(), alterado(CANCELADO, PENDENTE, "x", MovimentoDoPedido.DEVOLVER))
                 .when(confirmar(LOJA, VersaoEsperada.de(0)))
                 .expectNoEvents()
                 .expectException(naVersao(1));
    }

    @Test
    void cancelamentoComVersaoVelhaNaoDecideDevolverNada() {
        cenario().given(criado(), alterado(CONFIRMADO, PENDENTE, null, MovimentoDoPedido.NENHUM))
                 .when(cancelar(VersaoEsperada.de(0)))
                 .expectNoEvents()
                 .expectException(naVersao(1));
        cenario().given(criado(), alterado(CONFIRMADO, PENDENTE, null, MovimentoDoPedido.NENHUM))
                 .when(cancelar(VersaoEsperada.de(1)))
                 .expectResultMessagePayload(new ResultadoDoCancelamento(3, PedidoTest.LINHAS));
    }

    @Test
    void etapaComVersaoVelhaERecusadaSemEventos() {
        cenario().given(criado(), alterado(CONFIRMADO, PENDENTE, null, MovimentoDoPedido.NENHUM))
                 .when(etapa(VersaoEsperada.de(0)))
                 .expectNoEvents()
                 .expectException(naVersao(1));
    }

    @Test
    void exclusaoComVersaoVelhaNaoExclui() {
        cenario().given(criado(), alterado(CANCELADO, PENDENTE, "x", MovimentoDoPedido.DEVOLVER))
                 .when(new RemoverPedidoCommand(ID, LOJA, T1, VersaoEsperada.de(0)))
                 .expectNoEvents()
                 .expectException(naVersao(1));
        cenario().given(criado(), alterado(CANCELADO, PENDENTE, "x", MovimentoDoPedido.DEVOLVER))
                 .when(new RemoverPedidoCommand(ID, LOJA, T1, VersaoEsperada.de(1)))
                 .expectResultMessagePayload(new PedidoExcluido(2, 1))
                 .expectEvents(new PedidoRemovidoEvent(ID, LOJA, 1, T1));
    }

    @Test
    void outraLojaContinuaNaoEncontrada() {
        cenario().given(criado())
                 .when(confirmar("loja-2", VersaoEsperada.de(3)))
                 .expectNoEvents()
                 .expectException(naoEncontrado());
    }
}
