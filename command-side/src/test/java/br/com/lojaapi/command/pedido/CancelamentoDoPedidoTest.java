package br.com.lojaapi.command.pedido;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.pedido.AcompanhamentoDoPedido;
import br.com.lojaapi.coreapi.pedido.CancelarPedidoCommand;
import br.com.lojaapi.coreapi.pedido.MovimentoDoPedido;
import br.com.lojaapi.coreapi.pedido.PedidoCanceladoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoCriadoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoPagoEvent;
import br.com.lojaapi.coreapi.pedido.ResultadoDoCancelamento;
import br.com.lojaapi.coreapi.pedido.StatusDoPedidoAlteradoEvent;
import br.com.lojaapi.coreapi.pedido.StatusPedido;
import br.com.lojaapi.coreapi.pedido.TipoEntrega;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

import static br.com.lojaapi.command.pedido.PedidoTest.ANA;
import static br.com.lojaapi.command.pedido.PedidoTest.ID;
import static br.com.lojaapi.command.pedido.PedidoTest.ITEM;
import static br.com.lojaapi.command.pedido.PedidoTest.ITEM2;
import static br.com.lojaapi.command.pedido.PedidoTest.LINHAS;
import static br.com.lojaapi.command.pedido.PedidoTest.LOJA;
import static br.com.lojaapi.command.pedido.PedidoTest.T0;
import static br.com.lojaapi.command.pedido.PedidoTest.T1;
import static br.com.lojaapi.command.pedido.PedidoTest.acompanhamento;
import static br.com.lojaapi.command.pedido.PedidoTest.alterado;
import static br.com.lojaapi.command.pedido.PedidoTest.cancelar;
import static br.com.lojaapi.command.pedido.PedidoTest.confirmar;
import static br.com.lojaapi.command.pedido.PedidoTest.criado;
import static br.com.lojaapi.coreapi.pedido.StatusPedido.CANCELADO;
import static br.com.lojaapi.coreapi.pedido.StatusPedido.CONFIRMADO;
import static br.com.lojaapi.coreapi.pedido.StatusPedido.PENDENTE;

/**
 * {@link CancelarPedidoCommand}: the order decides which lines' stock goes back (all it holds, on its first
 * cancellation only), records it as {@code DEVOLVER} and answers the lines for their products.
 */
class CancelamentoDoPedidoTest {

    private static AggregateTestFixture<Pedido> cenario() {
        return new AggregateTestFixture<>(Pedido.class);
    }

    /** An order created without taking its stock. */
    static PedidoCriadoEvent criadoSemEstoque() {
        return new PedidoCriadoEvent(ID, LOJA, 1, PENDENTE, TipoEntrega.BALCAO, ANA, null, null, List.of(ITEM, ITEM2),
                new BigDecimal("23.35"), new BigDecimal("0.00"), new BigDecimal("0.00"), new BigDecimal("0.00"),
                new BigDecimal("23.35"), null, null, List.of(), false, T0);
    }

    @ParameterizedTest
    @EnumSource(value = StatusPedido.class, names = {"PENDENTE", "CONFIRMADO", "PREPARANDO", "PRONTO", "ENVIADO", "ENTREGUE"})
    void cancelarDevolveOEstoqueDeQualquerStatus(StatusPedido origem) {
        var dado = origem == PENDENTE ? List.of(criado())
                : List.of(criado(), alterado(origem, PENDENTE, null, MovimentoDoPedido.NENHUM));
        long versao = dado.size();
        cenario().given(dado.toArray())
                 .when(cancelar("cliente desistiu"))
                 .expectResultMessagePayload(new ResultadoDoCancelamento(versao + 1, LINHAS))
                 .expectEvents(alterado(CANCELADO, origem, "cliente desistiu", MovimentoDoPedido.DEVOLVER),
                         new PedidoCanceladoEvent(ID, LOJA, 1, CANCELADO, origem, "cliente desistiu", null, null, null,
                                 T1));
    }

    @Test
    void cancelarExigeMotivo() {
        cenario().given(criado())
                 .when(cancelar(null))
                 .expectNoEvents().expectExceptionMessage("motivoCancelamento é obrigatório para cancelar o pedido");
        cenario().given(criado())
                 .when(cancelar("   "))
                 .expectNoEvents().expectExceptionMessage("motivoCancelamento é obrigatório para cancelar o pedido");
        cenario().given(criado())
                 .when(cancelar("x".repeat(501)))
                 .expectNoEvents().expectException(ErroDeNegocio.class)
                 .expectExceptionMessage("motivoCancelamento: no máximo 500 caracteres");
    }

    @Test
    void cancelarDeNovoEAceitoSemDevolverOEstoqueNemCancelarDeNovo() {
        cenario().given(criado(), alterado(CANCELADO, PENDENTE, "desistiu", MovimentoDoPedido.DEVOLVER))
                 .when(cancelar("desistiu mesmo"))
                 .expectResultMessagePayload(new ResultadoDoCancelamento(2, List.of()))
                 .expectEvents(alterado(CANCELADO, CANCELADO, "desistiu mesmo", MovimentoDoPedido.NENHUM));
    }

    @Test
    void cancelarDeNovoSemMotivoMantemOMotivoRegistrado() {
        cenario().given(criado(), alterado(CANCELADO, PENDENTE, "desistiu", MovimentoDoPedido.DEVOLVER))
                 .when(cancelar(null))
                 .expectResultMessagePayload(new ResultadoDoCancelamento(2, List.of()))
                 .expectEvents(alterado(CANCELADO, CANCELADO, "desistiu", MovimentoDoPedido.NENHUM));
    }

    @Test
    void pedidoQueNaoTomouOEstoqueNaoDevolveNada() {
        cenario().given(criadoSemEstoque())
                 .when(cancelar("desistiu"))
                 .expectResultMessagePayload(new ResultadoDoCancelamento(2, List.of()))
                 .expectEvents(alterado(CANCELADO, PENDENTE, "desistiu", MovimentoDoPedido.NENHUM),
                         new PedidoCanceladoEvent(ID, LOJA, 1, CANCELADO, PENDENTE, "desistiu", null, null, null, T1));
    }

    @Test
    void pedidoQueTomouOEstoqueAoSerConfirmadoDevolveOQueTomou() {
        cenario().given(criadoSemEstoque(), alterado(CONFIRMADO, PENDENTE, null, MovimentoDoPedido.TOMAR))
                 .when(cancelar("desistiu"))
                 .expectResultMessagePayload(new ResultadoDoCancelamento(3, LINHAS))
                 .expectEvents(alterado(CANCELADO, CONFIRMADO, "desistiu", MovimentoDoPedido.DEVOLVER),
                         new PedidoCanceladoEvent(ID, LOJA, 1, CANCELADO, CONFIRMADO, "desistiu", null, null, null,
                                 T1));
        cenario().given(criadoSemEstoque())
                 .andGivenCommands(confirmar())
                 .when(cancelar("desistiu"))
                 .expectResultMessagePayload(new ResultadoDoCancelamento(3, LINHAS));
    }

    @Test
    void cancelamentoPagoEmiteStatusCancelamentoEPagamentoNessaOrdem() {
        CancelarPedidoCommand pagoECancelado = new CancelarPedidoCommand(ID, LOJA, Optional.of("desistiu"),
                acompanhamento(null, Optional.of("BR1"), null, Optional.of("PAGO")), T1);
        cenario().given(criado())
                 .when(pagoECancelado)
                 .expectEvents(new StatusDoPedidoAlteradoEvent(ID, LOJA, 1, CANCELADO, PENDENTE, "desistiu", null,
                                 "BR1", null, "PAGO", MovimentoDoPedido.DEVOLVER, T1),
                         new PedidoCanceladoEvent(ID, LOJA, 1, CANCELADO, PENDENTE, "desistiu", null, "BR1", null, T1),
                         new PedidoPagoEvent(ID, LOJA, 1, "PAGO", List.of(), new BigDecimal("27.35"), T1));
    }

    @Test
    void rastreioInvalidoRecusaOCancelamentoInteiro() {
        cenario().given(criado())
                 .when(new CancelarPedidoCommand(ID, LOJA, Optional.of("desistiu"),
                         acompanhamento(null, null, Optional.of("ftp://x"), null), T1))
                 .expectNoEvents().expectExceptionMessage("urlRastreio deve ser uma URL http(s) absoluta");
        cenario().given(criado())
                 .when(new CancelarPedidoCommand(ID, LOJA, Optional.of("desistiu"), AcompanhamentoDoPedido.INALTERADO,
                         T1))
                 .expectSuccessfulHandlerExecution();
    }
}
