package br.com.lojaapi.command.pedido;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.pedido.EditarPedidoCommand;
import br.com.lojaapi.coreapi.pedido.ItemDoPedido;
import br.com.lojaapi.coreapi.pedido.LinhaDeEstoque;
import br.com.lojaapi.coreapi.pedido.MovimentoDoPedido;
import br.com.lojaapi.coreapi.pedido.PedidoCanceladoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoEditadoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoEmEdicao;
import br.com.lojaapi.coreapi.pedido.PedidoPagoEvent;
import br.com.lojaapi.coreapi.pedido.PrepararEdicaoDoPedidoCommand;
import br.com.lojaapi.coreapi.pedido.ProdutoDoItem;
import br.com.lojaapi.coreapi.pedido.ResultadoDoCancelamento;
import br.com.lojaapi.coreapi.pedido.StatusDoPedidoAlteradoEvent;
import br.com.lojaapi.coreapi.pedido.ValoresDoPedido;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

import static br.com.lojaapi.command.pedido.PedidoTest.CAFE;
import static br.com.lojaapi.command.pedido.PedidoTest.ID;
import static br.com.lojaapi.command.pedido.PedidoTest.ITEM;
import static br.com.lojaapi.command.pedido.PedidoTest.ITEM2;
import static br.com.lojaapi.command.pedido.PedidoTest.LOJA;
import static br.com.lojaapi.command.pedido.PedidoTest.T1;
import static br.com.lojaapi.command.pedido.PedidoTest.alterado;
import static br.com.lojaapi.command.pedido.PedidoTest.criado;
import static br.com.lojaapi.command.pedido.PedidoTest.acompanhamento;
import static br.com.lojaapi.command.pedido.PedidoTest.cancelar;
import static br.com.lojaapi.command.pedido.PedidoTest.etapa;
import static br.com.lojaapi.coreapi.pedido.StatusPedido.CANCELADO;
import static br.com.lojaapi.coreapi.pedido.StatusPedido.PENDENTE;

/**
 * The order's side of an edit: refused when cancelled, recorded only when something changes, and followed by a
 * cancellation that gives back what the edited lines hold. The stock difference itself is the products' (see
 * EstoqueDoProdutoTest).
 */
class EdicaoDoPedidoTest {

    private static final ProdutoDoItem CHA = new ProdutoDoItem("prod-2", "Chá", null, null, null, List.of(), "UN",
            new BigDecimal("4.000"), null);
    private static final ItemDoPedido ITEM2_MAIS = new ItemDoPedido("item-2", CAFE, null, new BigDecimal("3.000"),
            new BigDecimal("10.00"), "sem açúcar", "{\"tamanho\":\"G\"}");
    private static final ItemDoPedido ITEM3 = new ItemDoPedido("item-3", CHA, null, new BigDecimal("1.000"),
            new BigDecimal("4.50"), null, null);
    private static final ValoresDoPedido ANTES = new ValoresDoPedido(List.of(ITEM, ITEM2), d("23.35"), d("0.00"),
            d("1.00"), d("5.00"), d("0.00"), d("27.35"));

    private static BigDecimal d(String valor) {
        return new BigDecimal(valor);
    }

    private AggregateTestFixture<Pedido> cenario() {
        return new AggregateTestFixture<>(Pedido.class);
    }

    private static EditarPedidoCommand editar(List<ItemDoPedido> itens, Optional<BigDecimal> desconto,
                                              Optional<BigDecimal> taxaEntrega, String editadoPor) {
        return new EditarPedidoCommand(ID, LOJA, itens, desconto, taxaEntrega, editadoPor, T1);
    }

    /** item-1 removed, item-2 from 2 to 3, item-3 added, desconto 1.00 -> 2.00: 30.00 + 4.50 - 2.00 + 5.00. */
    private static PedidoEditadoEvent editado() {
        return new PedidoEditadoEvent(ID, LOJA, 1, PENDENTE, ANTES, new ValoresDoPedido(List.of(ITEM2_MAIS, ITEM3),
                d("34.50"), d("0.00"), d("2.00"), d("5.00"), d("0.00"), d("37.50")),
                "1 item adicionado; 1 item removido; 1 item alterado; desconto 1.00 → 2.00; total 27.35 → 37.50",
                "painel", T1);
    }

    @Test
    void prepararDizAsLinhasQueOPedidoTemESeTomouOEstoque() {
        cenario().given(criado())
                 .when(new PrepararEdicaoDoPedidoCommand(ID, LOJA))
                 .expectNoEvents()
                 .expectResultMessagePayload(new PedidoEmEdicao(true, List.of(ITEM, ITEM2)));
    }

    @Test
    void editarRecalculaOsTotaisComAsRegrasDaCriacao() {
        cenario().given(criado())
                 .when(editar(List.of(ITEM2_MAIS, ITEM3), Optional.of(d("2")), null, "  "))
                 .expectResultMessagePayload(1L)
                 .expectEvents(editado());
    }

    @Test
    void soOFreteMudaEOPainelDizQuemEditou() {
        cenario().given(criado())
                 .when(editar(null, null, Optional.of(d("7.5")), "Maria (gerente)"))
                 .expectEvents(new PedidoEditadoEvent(ID, LOJA, 1, PENDENTE, ANTES, new ValoresDoPedido(
                         List.of(ITEM, ITEM2), d("23.35"), d("0.00"), d("1.00"), d("7.50"), d("0.00"), d("29.85")),
                         "taxaEntrega 5.00 → 7.50; total 27.35 → 29.85", "Maria (gerente)", T1));
    }

    @Test
    void edicaoQueNaoMudaNadaNaoRegistraEvento() {
        cenario().given(criado())
                 .when(editar(List.of(ITEM2, ITEM), Optional.of(d("1")), Optional.of(d("5.000")), null))
                 .expectNoEvents()
                 .expectResultMessagePayload(0L);
        cenario().given(criado(), editado())
                 .when(editar(null, null, null, "ninguém"))
                 .expectNoEvents()
                 .expectResultMessagePayload(1L);
    }

    @Test
    void pedidoCanceladoNaoPodeSerEditado() {
        var cancelado = new Object[]{criado(), alterado(CANCELADO, PENDENTE, "desistiu", MovimentoDoPedido.DEVOLVER)};
        cenario().given(cancelado)
                 .when(new PrepararEdicaoDoPedidoCommand(ID, LOJA))
                 .expectNoEvents().expectException(ErroDeNegocio.class)
                 .expectExceptionMessage("Pedido cancelado não pode ser editado");
        cenario().given(cancelado)
                 .when(editar(null, Optional.of(d("0")), null, null))
                 .expectNoEvents().expectException(ErroDeNegocio.class)
                 .expectExceptionMessage("Pedido cancelado não pode ser editado");
    }

    @Test
    void pedidoDeOutraLojaNaoEEncontrado() {
        cenario().given(criado())
                 .when(new PrepararEdicaoDoPedidoCommand(ID, "loja-2"))
                 .expectNoEvents().expectExceptionMessage(Pedido.NAO_ENCONTRADO);
        cenario().given(criado())
                 .when(new EditarPedidoCommand(ID, "loja-2", null, Optional.of(d("0")), null, null, T1))
                 .expectNoEvents().expectExceptionMessage(Pedido.NAO_ENCONTRADO);
    }

    @Test
    void valoresInvalidosSaoRecusadosSemEvento() {
        cenario().given(criado())
                 .when(editar(null, Optional.empty(), null, null))
                 .expectNoEvents().expectExceptionMessage("desconto não pode ser null; omita o campo para mantê-lo");
        cenario().given(criado())
                 .when(editar(null, Optional.of(d("28.36")), null, null))
                 .expectNoEvents().expectExceptionMessage("desconto (28.36) maior que subtotal + taxaEntrega (28.35)");
        cenario().given(criado())
                 .when(editar(null, null, Optional.of(d("-1")), null))
                 .expectNoEvents().expectExceptionMessage("taxaEntrega não pode ser negativo");
        cenario().given(criado())
                 .when(editar(List.of(), null, null, null))
                 .expectNoEvents().expectExceptionMessage("itens: de 1 a 500 itens por pedido");
        cenario().given(criado())
                 .when(editar(List.of(ITEM, ITEM), null, null, null))
                 .expectNoEvents().expectExceptionMessage("itens: cada item precisa de um id próprio");
        cenario().given(criado())
                 .when(editar(null, null, null, "x".repeat(101)))
                 .expectNoEvents().expectExceptionMessage("editadoPor: no máximo 100 caracteres");
    }

    @Test
    void cancelarDepoisDeEditarDevolveAsQuantidadesEditadas() {
        cenario().given(criado(), editado())
                 .when(cancelar("cliente desistiu"))
                 .expectResultMessagePayload(new ResultadoDoCancelamento(3, List.of(
                         new LinhaDeEstoque(0, "prod-1", null, d("3.000")),
                         new LinhaDeEstoque(1, "prod-2", null, d("1.000")))))
                 .expectEvents(alterado(CANCELADO, PENDENTE, "cliente desistiu", MovimentoDoPedido.DEVOLVER),
                         new PedidoCanceladoEvent(ID, LOJA, 1, CANCELADO, PENDENTE, "cliente desistiu", null, null,
                                 null, T1));
    }

    @Test
    void oPagamentoInformaOTotalEditado() {
        cenario().given(criado(), editado())
                 .when(etapa(PENDENTE, acompanhamento(null, null, null, Optional.of("PAGO"))))
                 .expectEvents(new StatusDoPedidoAlteradoEvent(ID, LOJA, 1, PENDENTE, PENDENTE, null, null, null, null,
                                 "PAGO", MovimentoDoPedido.NENHUM, T1),
                         new PedidoPagoEvent(ID, LOJA, 1, "PAGO", List.of(), d("37.50"), T1));
    }
}
