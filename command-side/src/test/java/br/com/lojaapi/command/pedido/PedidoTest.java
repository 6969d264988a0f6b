package br.com.lojaapi.command.pedido;

import br.com.lojaapi.coreapi.cliente.DadosCliente;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.pedido.AlterarStatusDoPedidoCommand;
import br.com.lojaapi.coreapi.pedido.ClienteDoPedido;
import br.com.lojaapi.coreapi.pedido.CriarPedidoCommand;
import br.com.lojaapi.coreapi.pedido.DefinirRastreioDoPedidoCommand;
import br.com.lojaapi.coreapi.pedido.ItemDoPedido;
import br.com.lojaapi.coreapi.pedido.LinhaDeEstoque;
import br.com.lojaapi.coreapi.pedido.MovimentoDoPedido;
import br.com.lojaapi.coreapi.pedido.PedidoCanceladoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoCriadoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoExcluido;
import br.com.lojaapi.coreapi.pedido.PedidoPagoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoRemovidoEvent;
import br.com.lojaapi.coreapi.pedido.ProdutoDoItem;
import br.com.lojaapi.coreapi.pedido.RastreioDoPedidoDefinidoEvent;
import br.com.lojaapi.coreapi.pedido.RemoverPedidoCommand;
import br.com.lojaapi.coreapi.pedido.ResultadoDeStatus;
import br.com.lojaapi.coreapi.pedido.StatusDoPedidoAlteradoEvent;
import br.com.lojaapi.coreapi.pedido.StatusPedido;
import br.com.lojaapi.coreapi.pedido.TipoEntrega;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static br.com.lojaapi.coreapi.pedido.StatusPedido.CANCELADO;
import static br.com.lojaapi.coreapi.pedido.StatusPedido.CONFIRMADO;
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
    private static final List<LinhaDeEstoque> LINHAS = List.of(
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

    static AlterarStatusDoPedidoCommand status(StatusPedido status, String motivo) {
        return new AlterarStatusDoPedidoCommand(ID, LOJA, status, motivo == null ? null : Optional.of(motivo), null,
                null, null, null, T1);
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
    void confirmarUmPedidoQueJaBaixouOEstoqueNaoBaixaDeNovo() {
        cenario().given(criado())
                 .when(status(CONFIRMADO, null))
                 .expectResultMessagePayload(new ResultadoDeStatus(1, MovimentoDoPedido.NENHUM, List.of()))
                 .expectEvents(alterado(CONFIRMADO, PENDENTE, null, MovimentoDoPedido.NENHUM));
    }

    @Test
    void confirmarUmPedidoQueNaoBaixouOEstoqueBaixaUmaVez() {
        PedidoCriadoEvent semEstoque = new PedidoCriadoEvent(ID, LOJA, 1, PENDENTE, TipoEntrega.BALCAO, ANA, null, null,
                List.of(ITEM, ITEM2), new BigDecimal("23.35"), new BigDecimal("0.00"), new BigDecimal("0.00"),
                new BigDecimal("0.00"), new BigDecimal("23.35"), null, null, List.of(), false, T0);
        cenario().given(semEstoque)
                 .when(status(CONFIRMADO, null))
                 .expectResultMessagePayload(new ResultadoDeStatus(1, MovimentoDoPedido.TOMAR, LINHAS))
                 .expectEvents(alterado(CONFIRMADO, PENDENTE, null, MovimentoDoPedido.TOMAR));
        cenario().given(semEstoque, alterado(CONFIRMADO, PENDENTE, null, MovimentoDoPedido.TOMAR),
                        alterado(PENDENTE, CONFIRMADO, null, MovimentoDoPedido.NENHUM))
                 .when(status(CONFIRMADO, null))
                 .expectResultMessagePayload(new ResultadoDeStatus(3, MovimentoDoPedido.NENHUM, List.of()));
    }

    @ParameterizedTest
    @EnumSource(value = StatusPedido.class, names = {"PENDENTE", "CONFIRMADO", "PREPARANDO", "PRONTO", "ENVIADO", "ENTREGUE"})
    void qualquerStatusPodeIrParaQualquerOutroQueNaoCancelado(StatusPedido novo) {
        for (StatusPedido origem : List.of(PENDENTE, CONFIRMADO, StatusPedido.PREPARANDO, StatusPedido.PRONTO,
                StatusPedido.ENVIADO, StatusPedido.ENTREGUE)) {
            var dado = origem == PENDENTE ? List.of(criado())
                    : List.of(criado(), alterado(origem, PENDENTE, null, MovimentoDoPedido.NENHUM));
            cenario().given(dado.toArray())
                     .when(status(novo, null))
                     .expectSuccessfulHandlerExecution()
                     .expectEvents(alterado(novo, origem, null, MovimentoDoPedido.NENHUM));
        }
    }

    @ParameterizedTest
    @EnumSource(value = StatusPedido.class, names = {"PENDENTE", "CONFIRMADO", "PREPARANDO", "PRONTO", "ENVIADO", "ENTREGUE"})
    void cancelarDevolveOEstoqueDeQualquerStatus(StatusPedido origem) {
        var dado = origem == PENDENTE ? List.of(criado())
                : List.of(criado(), alterado(origem, PENDENTE, null, MovimentoDoPedido.NENHUM));
        long versao = dado.size();
        cenario().given(dado.toArray())
                 .when(status(CANCELADO, "cliente desistiu"))
                 .expectResultMessagePayload(new ResultadoDeStatus(versao + 1, MovimentoDoPedido.DEVOLVER, LINHAS))
                 .expectEvents(alterado(CANCELADO, origem, "cliente desistiu", MovimentoDoPedido.DEVOLVER),
                         new PedidoCanceladoEvent(ID, LOJA, 1, CANCELADO, origem, "cliente desistiu", null, null, null,
                                 T1));
    }

    @Test
    void cancelarExigeMotivo() {
        cenario().given(criado())
                 .when(status(CANCELADO, null))
                 .expectNoEvents().expectExceptionMessage("motivoCancelamento é obrigatório para cancelar o pedido");
        cenario().given(criado())
                 .when(status(CANCELADO, "   "))
                 .expectNoEvents().expectExceptionMessage("motivoCancelamento é obrigatório para cancelar o pedido");
    }

    @Test
    void motivoCancelamentoComOutroStatusEAceitoENaoEGuardado() {
        cenario().given(criado())
                 .when(status(CONFIRMADO, "enviado por um ERP que sempre manda o campo"))
                 .expectEvents(alterado(CONFIRMADO, PENDENTE, null, MovimentoDoPedido.NENHUM));
    }

    @Test
    void cancelarDeNovoEAceitoSemDevolverOEstoqueNemCancelarDeNovo() {
        cenario().given(criado(), alterado(CANCELADO, PENDENTE, "desistiu", MovimentoDoPedido.DEVOLVER))
                 .when(status(CANCELADO, "desistiu mesmo"))
                 .expectResultMessagePayload(new ResultadoDeStatus(2, MovimentoDoPedido.NENHUM, List.of()))
                 .expectEvents(alterado(CANCELADO, CANCELADO, "desistiu mesmo", MovimentoDoPedido.NENHUM));
    }

    @ParameterizedTest
    @EnumSource(value = StatusPedido.class, names = {"PENDENTE", "CONFIRMADO", "PREPARANDO", "PRONTO", "ENVIADO", "ENTREGUE"})
    void canceladoEFinal(StatusPedido novo) {
        cenario().given(criado(), alterado(CANCELADO, PENDENTE, "desistiu", MovimentoDoPedido.DEVOLVER))
                 .when(status(novo, null))
                 .expectNoEvents().expectException(ErroDeNegocio.class)
                 .expectExceptionMessage("Pedido cancelado não muda de status (cancelamento é final)");
    }

    @Test
    void rastreioMudaSoNoQueFoiEnviado() {
        AlterarStatusDoPedidoCommand rastreio = new AlterarStatusDoPedidoCommand(ID, LOJA, StatusPedido.ENVIADO, null,
                Optional.of("40 min"), Optional.of("BR123"), Optional.of("https://rastreio.example/BR123"), null, T1);
        StatusDoPedidoAlteradoEvent enviado = new StatusDoPedidoAlteradoEvent(ID, LOJA, 1, StatusPedido.ENVIADO, PENDENTE,
                null, "40 min", "BR123", "https://rastreio.example/BR123", null, MovimentoDoPedido.NENHUM, T1);
        cenario().given(criado()).when(rastreio).expectEvents(enviado);
        AlterarStatusDoPedidoCommand limpar = new AlterarStatusDoPedidoCommand(ID, LOJA, StatusPedido.ENVIADO, null,
                null, Optional.empty(), null, null, T1);
        cenario().given(criado(), enviado).when(limpar)
                 .expectEvents(new StatusDoPedidoAlteradoEvent(ID, LOJA, 1, StatusPedido.ENVIADO, StatusPedido.ENVIADO,
                         null, "40 min", null, "https://rastreio.example/BR123", null, MovimentoDoPedido.NENHUM, T1));
        cenario().given(criado())
                 .when(new AlterarStatusDoPedidoCommand(ID, LOJA, StatusPedido.ENVIADO, null, null, null,
                         Optional.of("ftp://x"), null, T1))
                 .expectNoEvents().expectExceptionMessage("urlRastreio deve ser uma URL http(s) absoluta");
    }

    @Test
    void pagamentoPagoEmitePedidoPagoUmaVez() {
        AlterarStatusDoPedidoCommand pago = new AlterarStatusDoPedidoCommand(ID, LOJA, PENDENTE, null, null, null, null,
                Optional.of("PAGO"), T1);
        StatusDoPedidoAlteradoEvent alterado = new StatusDoPedidoAlteradoEvent(ID, LOJA, 1, PENDENTE, PENDENTE, null,
                null, null, null, "PAGO", MovimentoDoPedido.NENHUM, T1);
        cenario().given(criado()).when(pago)
                 .expectEvents(alterado, new PedidoPagoEvent(ID, LOJA, 1, "PAGO", List.of(), new BigDecimal("27.35"), T1));
        cenario().given(criado(), alterado).when(pago).expectEvents(alterado);
        cenario().given(criado())
                 .when(new AlterarStatusDoPedidoCommand(ID, LOJA, PENDENTE, null, null, null, null,
                         Optional.of("QUITADO"), T1))
                 .expectNoEvents().expectExceptionMessage("pagamentoStatus deve ser PENDENTE, PAGO ou ESTORNADO");
    }

    @Test
    void outraLojaNaoEncontraOPedido() {
        cenario().given(criado())
                 .when(new AlterarStatusDoPedidoCommand(ID, "loja-2", CONFIRMADO, null, null, null, null, null, T1))
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
