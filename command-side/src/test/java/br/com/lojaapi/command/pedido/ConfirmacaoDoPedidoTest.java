package br.com.lojaapi.command.pedido;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.pedido.AcompanhamentoDoPedido;
import br.com.lojaapi.coreapi.pedido.ConfirmarPedidoCommand;
import br.com.lojaapi.coreapi.pedido.MovimentoDoPedido;
import br.com.lojaapi.coreapi.pedido.ResultadoDaConfirmacao;
import br.com.lojaapi.coreapi.pedido.StatusPedido;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.List;
import java.util.Optional;

import static br.com.lojaapi.command.pedido.CancelamentoDoPedidoTest.criadoSemEstoque;
import static br.com.lojaapi.command.pedido.PedidoTest.ID;
import static br.com.lojaapi.command.pedido.PedidoTest.LINHAS;
import static br.com.lojaapi.command.pedido.PedidoTest.LOJA;
import static br.com.lojaapi.command.pedido.PedidoTest.T1;
import static br.com.lojaapi.command.pedido.PedidoTest.alterado;
import static br.com.lojaapi.command.pedido.PedidoTest.confirmar;
import static br.com.lojaapi.command.pedido.PedidoTest.criado;
import static br.com.lojaapi.coreapi.pedido.StatusPedido.CANCELADO;
import static br.com.lojaapi.coreapi.pedido.StatusPedido.CONFIRMADO;
import static br.com.lojaapi.coreapi.pedido.StatusPedido.PENDENTE;

/**
 * {@link ConfirmarPedidoCommand}: only a pending order created without taking its stock takes it, recorded as
 * {@code TOMAR} with the lines answered for their products; every other confirmation moves no stock.
 */
class ConfirmacaoDoPedidoTest {

    private static AggregateTestFixture<Pedido> cenario() {
        return new AggregateTestFixture<>(Pedido.class);
    }

    private static ConfirmarPedidoCommand confirmarComMotivo(String motivo) {
        return new ConfirmarPedidoCommand(ID, LOJA, Optional.of(motivo), AcompanhamentoDoPedido.INALTERADO, T1);
    }

    @Test
    void confirmarUmPedidoQueJaBaixouOEstoqueNaoBaixaDeNovo() {
        cenario().given(criado())
                 .when(confirmar())
                 .expectResultMessagePayload(new ResultadoDaConfirmacao(1, List.of()))
                 .expectEvents(alterado(CONFIRMADO, PENDENTE, null, MovimentoDoPedido.NENHUM));
    }

    @Test
    void confirmarUmPedidoQueNaoBaixouOEstoqueBaixaUmaVez() {
        cenario().given(criadoSemEstoque())
                 .when(confirmar())
                 .expectResultMessagePayload(new ResultadoDaConfirmacao(1, LINHAS))
                 .expectEvents(alterado(CONFIRMADO, PENDENTE, null, MovimentoDoPedido.TOMAR));
        cenario().given(criadoSemEstoque(), alterado(CONFIRMADO, PENDENTE, null, MovimentoDoPedido.TOMAR),
                        alterado(PENDENTE, CONFIRMADO, null, MovimentoDoPedido.NENHUM))
                 .when(confirmar())
                 .expectResultMessagePayload(new ResultadoDaConfirmacao(3, List.of()));
    }

    @Test
    void soUmPedidoPendenteTomaOEstoqueAoSerConfirmado() {
        cenario().given(criadoSemEstoque(), alterado(StatusPedido.PREPARANDO, PENDENTE, null, MovimentoDoPedido.NENHUM))
                 .when(confirmar())
                 .expectResultMessagePayload(new ResultadoDaConfirmacao(2, List.of()))
                 .expectEvents(alterado(CONFIRMADO, StatusPedido.PREPARANDO, null, MovimentoDoPedido.NENHUM));
    }

    @ParameterizedTest
    @EnumSource(value = StatusPedido.class, names = {"PENDENTE", "CONFIRMADO", "PREPARANDO", "PRONTO", "ENVIADO", "ENTREGUE"})
    void qualquerStatusQueNaoCanceladoPodeSerConfirmado(StatusPedido origem) {
        var dado = origem == PENDENTE ? List.of(criado())
                : List.of(criado(), alterado(origem, PENDENTE, null, MovimentoDoPedido.NENHUM));
        cenario().given(dado.toArray())
                 .when(confirmar())
                 .expectSuccessfulHandlerExecution()
                 .expectEvents(alterado(CONFIRMADO, origem, null, MovimentoDoPedido.NENHUM));
    }

    @Test
    void motivoCancelamentoComOutroStatusEAceitoENaoEGuardado() {
        cenario().given(criado())
                 .when(confirmarComMotivo("enviado por um ERP que sempre manda o campo"))
                 .expectEvents(alterado(CONFIRMADO, PENDENTE, null, MovimentoDoPedido.NENHUM));
    }

    @Test
    void motivoCancelamentoQueNaoCabeERecusadoMesmoSemCancelar() {
        cenario().given(criado())
                 .when(confirmarComMotivo("x".repeat(501)))
                 .expectNoEvents().expectException(ErroDeNegocio.class)
                 .expectExceptionMessage("motivoCancelamento: no máximo 500 caracteres");
    }

    @Test
    void pedidoCanceladoNaoVoltaAConfirmado() {
        cenario().given(criado(), alterado(CANCELADO, PENDENTE, "desistiu", MovimentoDoPedido.DEVOLVER))
                 .when(confirmar())
                 .expectNoEvents().expectException(ErroDeNegocio.class)
                 .expectExceptionMessage("Pedido cancelado não muda de status (cancelamento é final)");
        // the conflict is said before a reason sent along is checked, as it always was
        cenario().given(criado(), alterado(CANCELADO, PENDENTE, "desistiu", MovimentoDoPedido.DEVOLVER))
                 .when(confirmarComMotivo("x".repeat(501)))
                 .expectNoEvents()
                 .expectExceptionMessage("Pedido cancelado não muda de status (cancelamento é final)");
    }
}
