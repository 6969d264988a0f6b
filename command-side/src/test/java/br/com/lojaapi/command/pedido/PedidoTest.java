package br.com.lojaapi.command.pedido;

import br.com.lojaapi.coreapi.cliente.DadosCliente;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.pedido.AcompanhamentoDoPedido;
import br.com.lojaapi.coreapi.pedido.CancelarPedidoCommand;
import br.com.lojaapi.coreapi.pedido.ClienteDoPedido;
import br.com.lojaapi.coreapi.pedido.ConfirmarPedidoCommand;
import br.com.lojaapi.coreapi.pedido.CriarPedidoCommand;
import br.com.lojaapi.coreapi.pedido.DefinirRastreioDoPedidoCommand;
import br.com.lojaapi.coreapi.pedido.ItemDoPedido;
import br.com.lojaapi.coreapi.pedido.LinhaDeEstoque;
import br.com.lojaapi.coreapi.pedido.MovimentoDoPedido;
import br.com.lojaapi.coreapi.pedido.MudarEtapaDoPedidoCommand;
import br.com.lojaapi.coreapi.pedido.PedidoCriadoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoExcluido;
import br.com.lojaapi.coreapi.pedido.PedidoPagoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoRemovidoEvent;
import br.com.lojaapi.coreapi.pedido.ProdutoDoItem;
import br.com.lojaapi.coreapi.pedido.RastreioDoPedidoDefinidoEvent;
import br.com.lojaapi.coreapi.pedido.RemoverPedidoCommand;
import br.com.lojaapi.coreapi.pedido.StatusDoPedidoAlteradoEvent;
import br.com.lojaapi.coreapi.pedido.StatusPedido;
import br.com.lojaapi.coreapi.pedido.TipoEntrega;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static br.com.lojaapi.coreapi.pedido.StatusPedido.CANCELADO;
import static br.com.lojaapi.coreapi.pedido.StatusPedido.PENDENTE;

class PedidoTest {

    static final String LOJA = "loja-1";
    static final String ID = "pedido-1";
    static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
    static final Instant T1 = Instant.parse("2026-11-21T11:00:00Z");
    static final ProdutoDoItem CAFE = new ProdutoDoItem("prod-1", "Café", "CAF", 7L, null, List.of(), "UN",
            new BigDecimal("8.000"), null);
    static final ItemDoPedido ITEM = new ItemDoPedido("item-1", CAFE, null, new BigDecimal("1.005"),
            new BigDecimal("3.33"), null, null);
    static final ItemDoPedido ITEM2 = new ItemDoPedido("item-2", CAFE, null, new BigDecimal("2.000"),
            new BigDecimal("10.00"), "sem açúcar", "{\"tamanho\":\"G\"}");
    static final ClienteDoPedido ANA = new ClienteDoPedido("Ana", null, null, null, "Rua A", "10", null, null,
            null, null, null, null);
    /** The stock lines of {@link #criado()}. */
    static final List<LinhaDeEstoque> LINHAS = List.of(
            new LinhaDeEstoque(0, "prod-1", null, new BigDecimal("1.005")),
            new LinhaDeEstoque(1, "prod-1", null, new BigDecimal("2.000")));

    private AggregateTestFixture<Pedido> cenario() {
        return new AggregateTestFixture<>(Pedido.class);
    }

    private static CriarPedidoCommand criar(TipoEntrega tipo, ClienteDoPedido cliente, String desconto, String taxa) {
        return new CriarPedidoCommand(ID, LOJA, 1, tipo, cliente, null, null, List.of(ITEM, ITEM2),
                new BigDecimal(desconto), new BigDecimal(taxa), null, true, T0);
    }

    private static PedidoCriadoEvent criado(TipoEntrega tipo, ClienteDoPedido cliente, String subtotal, String desconto,
                                            String taxa, String total) {
        return new PedidoCriadoEvent(ID, LOJA, 1, PENDENTE, tipo, cliente, null, null, List.of(ITEM, ITEM2),
                new BigDecimal(subtotal), new BigDecimal(desconto), new BigDecimal(taxa), new BigDecimal("0.00"),
                new BigDecimal(total), null, null, List.of(), true, T0);
    }

    static PedidoCriadoEvent criado() {
        return criado(TipoEntrega.DELIVERY, ANA, "23.35", "1.00", "5.00", "27.35");
    }

    static CancelarPedidoCommand cancelar(String motivo) {
        return new CancelarPedidoCommand(ID, LOJA, motivo == null ? null : Optional.of(motivo),
                AcompanhamentoDoPedido.INALTERADO, T1);
    }

    static ConfirmarPedidoCommand confirmar() {
        return new ConfirmarPedidoCommand(ID, LOJA, null, AcompanhamentoDoPedido.INALTERADO, T1);
    }

    static MudarEtapaDoPedidoCommand etapa(StatusPedido etapa) {
        return new MudarEtapaDoPedidoCommand(ID, LOJA, etapa, null, AcompanhamentoDoPedido.INALTERADO, T1);
    }

    static MudarEtapaDoPedidoCommand etapa(StatusPedido etapa, AcompanhamentoDoPedido acompanhamento) {
        return new MudarEtapaDoPedidoCommand(ID, LOJA, etapa, null, acompanhamento, T1);
    }

    /** Tracking and payment as sent; null = not sent. */
    static AcompanhamentoDoPedido acompanhamento(Optional<String> tempoEntrega, Optional<String> codigoRastreio,
                                                 Optional<String> urlRastreio, Optional<String> pagamentoStatus) {
        return new AcompanhamentoDoPedido(tempoEntrega, codigoRastreio, urlRastreio, pagamentoStatus);
    }

    static StatusDoPedidoAlteradoEvent alterado(StatusPedido status, StatusPedido anterior, String motivo,
                                                         MovimentoDoPedido estoque) {
        return new StatusDoPedidoAlteradoEvent(ID, LOJA, 1, status, anterior, motivo, null, null, null, null, estoque, T1);
    }

    @Test
    void criarArredondaCadaLinhaESomaOTotal() {
        // 1.005 x 3.33 = 3.34665 -> 3.35; 2 x 10.00 = 20.00; total = 23.35 - 1.00 + 5.00 + 0
        cenario().givenNoPriorActivity()
                 .when(criar(TipoEntrega.DELIVERY, ANA, "1", "5"))
                 .expectResultMessagePayload(0L)
                 .expectEvents(criado());
    }

    @Test
    void deliverySemEnderecoERecusado() {
        ClienteDoPedido semEndereco = new ClienteDoPedido("Ana", null, null, null, null, null, null, null, null, null,
                null, null);
        cenario().givenNoPriorActivity()
                 .when(criar(TipoEntrega.DELIVERY, semEndereco, "0", "0"))
                 .expectNoEvents().expectException(ErroDeNegocio.class)
                 .expectExceptionMessage("Pedido DELIVERY precisa de endereço de entrega: informe cliente.endereco");
        cenario().givenNoPriorActivity()
                 .when(criar(TipoEntrega.BALCAO, semEndereco, "0", "0"))
                 .expectEvents(criado(TipoEntrega.BALCAO, semEndereco, "23.35", "0.00", "0.00", "23.35"));
    }

    @Test
    void enderecoDoClienteCadastradoPreencheOQueFaltou() {
        DadosCliente cadastro = new DadosCliente("Ana Souza", "52998224725", "CPF", "ana@ex.com", null, "11999990000",
                "01310100", "Av. Paulista", "1000", "Bela Vista", "São Paulo", "sp");
        ClienteDoPedido enviado = new ClienteDoPedido("Ana", null, null, null, null, null, "ap 3", null, null, null,
                null, null);
        ClienteDoPedido esperado = new ClienteDoPedido("Ana", "11999990000", "ana@ex.com", "52998224725",
                "Av. Paulista", "1000", "ap 3", "Bela Vista", "São Paulo", "SP", "01310100", null);
        cenario().givenNoPriorActivity()
                 .when(new CriarPedidoCommand(ID, LOJA, 1, TipoEntrega.DELIVERY, enviado, "cli-1", cadastro,
                         List.of(ITEM, ITEM2), BigDecimal.ZERO, BigDecimal.ZERO, null, true, T0))
                 .expectEvents(new PedidoCriadoEvent(ID, LOJA, 1, PENDENTE, TipoEntrega.DELIVERY, esperado, "cli-1",
                         cadastro, List.of(ITEM, ITEM2), new BigDecimal("23.35"), new BigDecimal("0.00"),
                         new BigDecimal("0.00"), new BigDecimal("0.00"), new BigDecimal("23.35"), null, null,
                         List.of(), true, T0));
    }

    @Test
    void descontoMaiorQueOTotalERecusado() {
        cenario().givenNoPriorActivity()
                 .when(criar(TipoEntrega.BALCAO, ANA, "30", "5"))
                 .expectNoEvents().expectException(ErroDeNegocio.class);
    }

    @Test
    void rastreioMudaSoNoQueFoiEnviado() {
        MudarEtapaDoPedidoCommand rastreio = etapa(StatusPedido.ENVIADO, acompanhamento(Optional.of("40 min"),
                Optional.of("BR123"), Optional.of("https://rastreio.example/BR123"), null));
        StatusDoPedidoAlteradoEvent enviado = new StatusDoPedidoAlteradoEvent(ID, LOJA, 1, StatusPedido.ENVIADO, PENDENTE,
                null, "40 min", "BR123", "https://rastreio.example/BR123", null, MovimentoDoPedido.NENHUM, T1);
        cenario().given(criado()).when(rastreio).expectEvents(enviado);
        MudarEtapaDoPedidoCommand limpar = etapa(StatusPedido.ENVIADO,
                acompanhamento(null, Optional.empty(), null, null));
        cenario().given(criado(), enviado).when(limpar)
                 .expectEvents(new StatusDoPedidoAlteradoEvent(ID, LOJA, 1, StatusPedido.ENVIADO, StatusPedido.ENVIADO,
                         null, "40 min", null, "https://rastreio.example/BR123", null, MovimentoDoPedido.NENHUM, T1));
        cenario().given(criado())
                 .when(etapa(StatusPedido.ENVIADO, acompanhamento(null, null, Optional.of("ftp://x"), null)))
                 .expectNoEvents().expectExceptionMessage("urlRastreio deve ser uma URL http(s) absoluta");
    }

    @Test
    void pagamentoPagoEmitePedidoPagoUmaVez() {
        MudarEtapaDoPedidoCommand pago = etapa(PENDENTE, acompanhamento(null, null, null, Optional.of("PAGO")));
        StatusDoPedidoAlteradoEvent alterado = new StatusDoPedidoAlteradoEvent(ID, LOJA, 1, PENDENTE, PENDENTE, null,
                null, null, null, "PAGO", MovimentoDoPedido.NENHUM, T1);
        cenario().given(criado()).when(pago)
                 .expectEvents(alterado, new PedidoPagoEvent(ID, LOJA, 1, "PAGO", List.of(), new BigDecimal("27.35"), T1));
        cenario().given(criado(), alterado).when(pago).expectEvents(alterado);
        cenario().given(criado())
                 .when(etapa(PENDENTE, acompanhamento(null, null, null, Optional.of("QUITADO"))))
                 .expectNoEvents().expectExceptionMessage("pagamentoStatus deve ser PENDENTE, PAGO ou ESTORNADO");
    }

    @Test
    void outraLojaNaoEncontraOPedido() {
        cenario().given(criado())
                 .when(new ConfirmarPedidoCommand(ID, "loja-2", null, AcompanhamentoDoPedido.INALTERADO, T1))
                 .expectNoEvents().expectExceptionMessage(Pedido.NAO_ENCONTRADO);
        cenario().given(criado())
                 .when(new CancelarPedidoCommand(ID, "loja-2", Optional.of("x"), AcompanhamentoDoPedido.INALTERADO, T1))
                 .expectNoEvents().expectExceptionMessage(Pedido.NAO_ENCONTRADO);
        cenario().given(criado())
                 .when(new MudarEtapaDoPedidoCommand(ID, "loja-2", StatusPedido.ENVIADO, null,
                         AcompanhamentoDoPedido.INALTERADO, T1))
                 .expectNoEvents().expectExceptionMessage(Pedido.NAO_ENCONTRADO);
        cenario().given(criado(), alterado(CANCELADO, PENDENTE, "x", MovimentoDoPedido.DEVOLVER))
                 .when(new RemoverPedidoCommand(ID, "loja-2", T1))
                 .expectNoEvents().expectExceptionMessage(Pedido.NAO_ENCONTRADO);
    }

    @Test
    void soPedidoCanceladoPodeSerExcluido() {
        cenario().given(criado())
                 .when(new RemoverPedidoCommand(ID, LOJA, T1))
                 .expectNoEvents().expectException(ErroDeNegocio.class)
                 .expectExceptionMessage("Só pedidos CANCELADO podem ser excluídos; este pedido está PENDENTE");
        cenario().given(criado(), alterado(CANCELADO, PENDENTE, "x", MovimentoDoPedido.DEVOLVER))
                 .when(new RemoverPedidoCommand(ID, LOJA, T1))
                 .expectResultMessagePayload(new PedidoExcluido(2, 1))
                 .expectEvents(new PedidoRemovidoEvent(ID, LOJA, 1, T1));
    }

    @Test
    void codigoDaEtiquetaSoEAdotadoPorPedidoSemCodigo() {
        cenario().given(criado())
                 .when(new DefinirRastreioDoPedidoCommand(ID, LOJA, "BR9BR", "https://r.example/BR9BR", T1))
                 .expectEvents(new RastreioDoPedidoDefinidoEvent(ID, LOJA, "BR9BR", "https://r.example/BR9BR", T1));
        RastreioDoPedidoDefinidoEvent adotado = new RastreioDoPedidoDefinidoEvent(ID, LOJA, "BR9BR", null, T1);
        cenario().given(criado(), adotado)
                 .when(new DefinirRastreioDoPedidoCommand(ID, LOJA, "BR7BR", "https://r.example/BR7BR", T1))
                 .expectNoEvents()
                 .expectResultMessagePayload(1L);
        StatusDoPedidoAlteradoEvent comCodigo = new StatusDoPedidoAlteradoEvent(ID, LOJA, 1, StatusPedido.ENVIADO,
                PENDENTE, null, null, "BR123", null, null, MovimentoDoPedido.NENHUM, T1);
        cenario().given(criado(), comCodigo)
                 .when(new DefinirRastreioDoPedidoCommand(ID, LOJA, "BR7BR", null, T1))
                 .expectNoEvents();
        cenario().given(criado())
                 .when(new DefinirRastreioDoPedidoCommand(ID, "outra-loja", "BR7BR", null, T1))
                 .expectException(ErroDeNegocio.class);
    }
}
