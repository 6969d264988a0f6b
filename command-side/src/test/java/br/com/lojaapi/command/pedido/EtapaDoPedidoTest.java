package br.com.lojaapi.command.pedido;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.pedido.AcompanhamentoDoPedido;
import br.com.lojaapi.coreapi.pedido.MovimentoDoPedido;
import br.com.lojaapi.coreapi.pedido.MudarEtapaDoPedidoCommand;
import br.com.lojaapi.coreapi.pedido.StatusPedido;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.List;
import java.util.Optional;

import static br.com.lojaapi.command.pedido.CancelamentoDoPedidoTest.criadoSemEstoque;
import static br.com.lojaapi.command.pedido.PedidoTest.ID;
import static br.com.lojaapi.command.pedido.PedidoTest.LOJA;
import static br.com.lojaapi.command.pedido.PedidoTest.T1;
import static br.com.lojaapi.command.pedido.PedidoTest.alterado;
import static br.com.lojaapi.command.pedido.PedidoTest.criado;
import static br.com.lojaapi.command.pedido.PedidoTest.etapa;
import static br.com.lojaapi.coreapi.pedido.StatusPedido.CANCELADO;
import static br.com.lojaapi.coreapi.pedido.StatusPedido.CONFIRMADO;
import static br.com.lojaapi.coreapi.pedido.StatusPedido.PENDENTE;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link MudarEtapaDoPedidoCommand}: the stages without a rule of their own, in any direction, never moving stock. */
class EtapaDoPedidoTest {

    private static AggregateTestFixture<Pedido> cenario() {
        return new AggregateTestFixture<>(Pedido.class);
    }

    @ParameterizedTest
    @EnumSource(value = StatusPedido.class, names = {"PENDENTE", "PREPARANDO", "PRONTO", "ENVIADO", "ENTREGUE"})
    void qualquerStatusPodeIrParaQualquerOutroQueNaoCancelado(StatusPedido novo) {
        for (StatusPedido origem : List.of(PENDENTE, CONFIRMADO, StatusPedido.PREPARANDO, StatusPedido.PRONTO,
                StatusPedido.ENVIADO, StatusPedido.ENTREGUE)) {
            var dado = origem == PENDENTE ? List.of(criado())
                    : List.of(criado(), alterado(origem, PENDENTE, null, MovimentoDoPedido.NENHUM));
            cenario().given(dado.toArray())
                     .when(etapa(novo))
                     .expectSuccessfulHandlerExecution()
                     .expectResultMessagePayload((long) dado.size())
                     .expectEvents(alterado(novo, origem, null, MovimentoDoPedido.NENHUM));
        }
    }

    @Test
    void nenhumaEtapaTomaOEstoqueDeUmPedidoQueNaoOTomou() {
        cenario().given(criadoSemEstoque())
                 .when(etapa(StatusPedido.PREPARANDO))
                 .expectEvents(alterado(StatusPedido.PREPARANDO, PENDENTE, null, MovimentoDoPedido.NENHUM));
    }

    @ParameterizedTest
    @EnumSource(value = StatusPedido.class, names = {"PENDENTE", "PREPARANDO", "PRONTO", "ENVIADO", "ENTREGUE"})
    void canceladoEFinal(StatusPedido novo) {
        cenario().given(criado(), alterado(CANCELADO, PENDENTE, "desistiu", MovimentoDoPedido.DEVOLVER))
                 .when(etapa(novo))
                 .expectNoEvents().expectException(ErroDeNegocio.class)
                 .expectExceptionMessage("Pedido cancelado não muda de status (cancelamento é final)");
    }

    @Test
    void motivoCancelamentoEAceitoENaoEGuardadoMasConferido() {
        cenario().given(criado())
                 .when(new MudarEtapaDoPedidoCommand(ID, LOJA, StatusPedido.ENVIADO, Optional.of("sempre enviado"),
                         AcompanhamentoDoPedido.INALTERADO, T1))
                 .expectEvents(alterado(StatusPedido.ENVIADO, PENDENTE, null, MovimentoDoPedido.NENHUM));
        cenario().given(criado())
                 .when(new MudarEtapaDoPedidoCommand(ID, LOJA, StatusPedido.ENVIADO, Optional.of("a\u0000b"),
                         AcompanhamentoDoPedido.INALTERADO, T1))
                 .expectNoEvents().expectException(ErroDeNegocio.class);
    }

    @Test
    void confirmarECancelarTemComandosProprios() {
        for (StatusPedido proprio : new StatusPedido[]{CONFIRMADO, CANCELADO, null}) {
            assertThatThrownBy(() -> new MudarEtapaDoPedidoCommand(ID, LOJA, proprio, null,
                    AcompanhamentoDoPedido.INALTERADO, T1)).isInstanceOf(IllegalArgumentException.class);
        }
    }
}
