package br.com.lojaapi.command.produto;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.pedido.ProdutoDoItem;
import br.com.lojaapi.coreapi.pedido.VariacaoDoItem;
import br.com.lojaapi.coreapi.produto.AjustarEstoqueDoPedidoCommand;
import br.com.lojaapi.coreapi.produto.BaixaDeEstoque;
import br.com.lojaapi.coreapi.produto.DadosProduto;
import br.com.lojaapi.coreapi.produto.DadosVariacao;
import br.com.lojaapi.coreapi.produto.DevolverEstoqueDoPedidoCommand;
import br.com.lojaapi.coreapi.produto.EstoqueBaixoEvent;
import br.com.lojaapi.coreapi.produto.EstoqueDevolvidoPorPedidoEvent;
import br.com.lojaapi.coreapi.produto.EstoqueMovimentadoEvent;
import br.com.lojaapi.coreapi.produto.EstoqueTomadoPorPedidoEvent;
import br.com.lojaapi.coreapi.produto.ItemCotado;
import br.com.lojaapi.coreapi.produto.ItemSolicitado;
import br.com.lojaapi.coreapi.produto.ItensCotados;
import br.com.lojaapi.coreapi.produto.MotivoDoMovimento;
import br.com.lojaapi.coreapi.produto.MovimentarEstoqueCommand;
import br.com.lojaapi.coreapi.produto.MovimentoDeEstoque;
import br.com.lojaapi.coreapi.produto.ProdutoCriadoEvent;
import br.com.lojaapi.coreapi.produto.TipoMovimento;
import br.com.lojaapi.coreapi.produto.TomarEstoqueDoPedidoCommand;
import br.com.lojaapi.coreapi.produto.VariacaoDoProduto;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

class EstoqueDoProdutoTest {

    private static final String LOJA = "loja-1";
    private static final String ID = "prod-1";
    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
    private static final Instant T1 = Instant.parse("2026-11-21T11:00:00Z");
    private static final MotivoDoMovimento CRIADO = MotivoDoMovimento.PEDIDO_CRIADO;
    private static final MotivoDoMovimento CANCELADO = MotivoDoMovimento.PEDIDO_CANCELADO;
    private static final MotivoDoMovimento EDITADO = MotivoDoMovimento.PEDIDO_EDITADO;

    private AggregateTestFixture<Produto> cenario() {
        return new AggregateTestFixture<>(Produto.class);
    }

    private static BigDecimal q(String valor) {
        return new BigDecimal(valor);
    }

    private static DadosProduto dados(boolean controla, String estoque, String minimo, String promocional,
                                      String multiplo) {
        return new DadosProduto("Café", null, q("10.00"), promocional == null ? null : q(promocional), List.of(), null,
                "CAF", null, 7L, true, false, 0, controla, q(estoque), q(minimo), "UN", q(multiplo), null, null, null,
                null, "cat-1", List.of());
    }

    private static ProdutoCriadoEvent criado(boolean controla, String estoque, String minimo) {
        return new ProdutoCriadoEvent(ID, LOJA, dados(controla, estoque, minimo, null, "1.000"), List.of(), T0);
    }

    private static VariacaoDoProduto variacao(String id, String preco, String estoque, String minimo) {
        return new VariacaoDoProduto(id, new DadosVariacao("Grão " + id, "G", null, preco == null ? null : q(preco),
                "SKU-" + id, null, null, q(estoque), q(minimo)));
    }

    private static ProdutoCriadoEvent comVariacoes(VariacaoDoProduto... variacoes) {
        BigDecimal soma = List.of(variacoes).stream().map(v -> v.dados().quantidadeEstoque())
                              .reduce(q("0.000"), BigDecimal::add);
        return new ProdutoCriadoEvent(ID, LOJA, dados(true, soma.toPlainString(), "0.000", "8.00", "1.000"),
                List.of(variacoes), T0);
    }

    private static MovimentarEstoqueCommand movimento(TipoMovimento tipo, String quantidade, String variacaoId) {
        return new MovimentarEstoqueCommand(ID, LOJA, "mov-1", variacaoId, tipo, q(quantidade), null, T1);
    }

    private static EstoqueMovimentadoEvent movimentado(TipoMovimento tipo, String quantidade, String antes,
                                                       String depois, String variacaoId, String doProduto) {
        return new EstoqueMovimentadoEvent(ID, LOJA, "mov-1", variacaoId, tipo, q(quantidade), q(antes), q(depois),
                q(doProduto), null, T1);
    }

    @Test
    void entradaSaidaEAjuste() {
        cenario().given(criado(true, "10.000", "0.000"))
                 .when(movimento(TipoMovimento.ENTRADA, "2.5", null))
                 .expectResultMessagePayload(new MovimentoDeEstoque("mov-1", ID, null, TipoMovimento.ENTRADA, q("2.500"),
                         q("10.000"), q("12.500"), T1, 1))
                 .expectEvents(movimentado(TipoMovimento.ENTRADA, "2.500", "10.000", "12.500", null, "12.500"));
        cenario().given(criado(true, "10.000", "0.000"))
                 .when(movimento(TipoMovimento.SAIDA, "10", null))
                 .expectEvents(movimentado(TipoMovimento.SAIDA, "10.000", "10.000", "0.000", null, "0.000"),
                         new EstoqueBaixoEvent(ID, LOJA, null, "Café", "CAF", 7L, q("0.000"), q("0.000"), T1));
        cenario().given(criado(true, "10.000", "0.000"))
                 .when(movimento(TipoMovimento.AJUSTE, "3", null))
                 .expectEvents(movimentado(TipoMovimento.AJUSTE, "3.000", "10.000", "3.000", null, "3.000"));
    }

    @Test
    void saidaAlemDoEstoqueSoERecusadaQuandoOProdutoControlaEstoque() {
        cenario().given(criado(true, "1.000", "0.000"))
                 .when(movimento(TipoMovimento.SAIDA, "1.001", null))
                 .expectNoEvents().expectException(ErroDeNegocio.class);
        cenario().given(criado(false, "1.000", "0.000"))
                 .when(movimento(TipoMovimento.SAIDA, "3", null))
                 .expectEvents(movimentado(TipoMovimento.SAIDA, "3.000", "1.000", "-2.000", null, "-2.000"),
                         new EstoqueBaixoEvent(ID, LOJA, null, "Café", "CAF", 7L, q("-2.000"), q("0.000"), T1));
        cenario().given(criado(true, "1.000", "0.000"))
                 .when(movimento(TipoMovimento.AJUSTE, "-1", null))
                 .expectNoEvents().expectExceptionMessage("AJUSTE abaixo de zero num produto que controla estoque");
        cenario().given(criado(false, "1.000", "0.000"))
                 .when(movimento(TipoMovimento.AJUSTE, "-1", null))
                 .expectEvents(movimentado(TipoMovimento.AJUSTE, "-1.000", "1.000", "-1.000", null, "-1.000"),
                         new EstoqueBaixoEvent(ID, LOJA, null, "Café", "CAF", 7L, q("-1.000"), q("0.000"), T1));
        cenario().given(criado(true, "1.000", "0.000"))
                 .when(movimento(TipoMovimento.ENTRADA, "0", null))
                 .expectNoEvents().expectExceptionMessage("quantidade deve ser maior que zero em ENTRADA");
    }

    @Test
    void movimentoDeVariacaoMudaOEstoqueDoProdutoParaASoma() {
        cenario().given(comVariacoes(variacao("v1", null, "2.000", "0.000"), variacao("v2", null, "3.000", "0.000")))
                 .when(movimento(TipoMovimento.ENTRADA, "5", "v2"))
                 .expectEvents(movimentado(TipoMovimento.ENTRADA, "5.000", "3.000", "8.000", "v2", "10.000"));
        cenario().given(comVariacoes(variacao("v1", null, "2.000", "0.000")))
                 .when(movimento(TipoMovimento.ENTRADA, "5", null))
                 .expectNoEvents().expectException(ErroDeNegocio.class);
        cenario().given(comVariacoes(variacao("v1", null, "2.000", "0.000")))
                 .when(movimento(TipoMovimento.ENTRADA, "5", "outra"))
                 .expectNoEvents().expectExceptionMessage("variacaoId não é uma variação deste produto: outra");
    }

    @Test
    void estoqueBaixoQuandoCruzaOMinimoParaBaixo() {
        EstoqueBaixoEvent baixo = new EstoqueBaixoEvent(ID, LOJA, null, "Café", "CAF", 7L, q("2.000"), q("2.000"), T1);
        cenario().given(criado(true, "5.000", "2.000"))
                 .when(movimento(TipoMovimento.SAIDA, "3", null))
                 .expectEvents(movimentado(TipoMovimento.SAIDA, "3.000", "5.000", "2.000", null, "2.000"), baixo);
        // already at the minimum: going further down is not a new crossing
        cenario().given(criado(true, "2.000", "2.000"))
                 .when(movimento(TipoMovimento.SAIDA, "1", null))
                 .expectEvents(movimentado(TipoMovimento.SAIDA, "1.000", "2.000", "1.000", null, "1.000"));
        cenario().given(comVariacoes(variacao("v1", null, "4.000", "1.000")))
                 .when(movimento(TipoMovimento.AJUSTE, "1", "v1"))
                 .expectEvents(movimentado(TipoMovimento.AJUSTE, "1.000", "4.000", "1.000", "v1", "1.000"),
                         new EstoqueBaixoEvent(ID, LOJA, "v1", "Café (Grão v1)", "SKU-v1", null, q("1.000"), q("1.000"), T1));
    }

    @Test
    void pedidoUsaOPrecoDaVariacaoDepoisOPromocionalDepoisOBase() {
        ProdutoCriadoEvent produto = comVariacoes(variacao("v1", "12.00", "5.000", "0.000"),
                variacao("v2", null, "5.000", "0.000"));
        cenario().given(produto)
                 .when(new TomarEstoqueDoPedidoCommand(ID, LOJA, "ped-1", List.of(
                         new ItemSolicitado(0, "v1", q("1")), new ItemSolicitado(3, "v2", q("2"))), T1, CRIADO))
                 .expectEvents(new EstoqueTomadoPorPedidoEvent(ID, LOJA, "ped-1", List.of(
                         new BaixaDeEstoque("v1", q("1.000"), q("4.000")),
                         new BaixaDeEstoque("v2", q("2.000"), q("3.000"))), q("7.000"), T1, CRIADO))
                 .expectResultMessagePayloadMatching(org.hamcrest.Matchers.equalTo(new ItensCotados(List.of(
                         new ItemCotado(0, produtoDoItem("7.000"), variacaoDoItem("v1", "4.000"), q("1.000"), q("12.00")),
                         new ItemCotado(3, produtoDoItem("7.000"), variacaoDoItem("v2", "3.000"), q("2.000"), q("8.00"))),
                         1)));
    }

    private static ProdutoDoItem produtoDoItem(String estoque) {
        return new ProdutoDoItem(ID, "Café", "CAF", 7L, null, List.of(), "UN", q(estoque), null);
    }

    private static VariacaoDoItem variacaoDoItem(String id, String estoque) {
        return new VariacaoDoItem(id, "Grão " + id, "G", null, "SKU-" + id, null, null, q(estoque));
    }

    @Test
    void pedidoArredondaAoMultiploDeVenda() {
        ProdutoCriadoEvent seis = new ProdutoCriadoEvent(ID, LOJA, dados(true, "100.000", "0.000", null, "6.000"),
                List.of(), T0);
        cenario().given(seis)
                 .when(new TomarEstoqueDoPedidoCommand(ID, LOJA, "ped-1", List.of(new ItemSolicitado(0, null, q("7"))), T1,
                         CRIADO))
                 .expectEvents(new EstoqueTomadoPorPedidoEvent(ID, LOJA, "ped-1",
                         List.of(new BaixaDeEstoque(null, q("12.000"), q("88.000"))), q("88.000"), T1, CRIADO));
        ProdutoCriadoEvent meio = new ProdutoCriadoEvent(ID, LOJA, dados(true, "100.000", "0.000", null, "0.500"),
                List.of(), T0);
        cenario().given(meio)
                 .when(new TomarEstoqueDoPedidoCommand(ID, LOJA, "ped-1", List.of(new ItemSolicitado(0, null, q("0.3"))),
                         T1, CRIADO))
                 .expectEvents(new EstoqueTomadoPorPedidoEvent(ID, LOJA, "ped-1",
                         List.of(new BaixaDeEstoque(null, q("0.500"), q("99.500"))), q("99.500"), T1, CRIADO));
    }

    @Test
    void quantidadeAbaixoDeUmMilesimoERecusadaEmVezDeArredondada() {
        cenario().given(criado(true, "5.000", "0.000"))
                 .when(new TomarEstoqueDoPedidoCommand(ID, LOJA, "ped-1", List.of(new ItemSolicitado(2, null, q("0.0005"))),
                         T1, CRIADO))
                 .expectNoEvents().expectExceptionMessage("itens[2].quantidade deve ser no mínimo 0.001");
        cenario().given(criado(true, "5.000", "0.000"))
                 .when(new TomarEstoqueDoPedidoCommand(ID, LOJA, "ped-1", List.of(new ItemSolicitado(0, null, q("0.001"))),
                         T1, CRIADO))
                 .expectEvents(new EstoqueTomadoPorPedidoEvent(ID, LOJA, "ped-1",
                         List.of(new BaixaDeEstoque(null, q("0.001"), q("4.999"))), q("4.999"), T1, CRIADO));
    }

    @Test
    void pedidoSemEstoqueNomeiaOItemENaoBaixaNada() {
        cenario().given(criado(true, "3.000", "0.000"))
                 .when(new TomarEstoqueDoPedidoCommand(ID, LOJA, "ped-1", List.of(new ItemSolicitado(0, null, q("2")),
                         new ItemSolicitado(4, null, q("2"))), T1, CRIADO))
                 .expectNoEvents().expectException(ErroDeNegocio.class)
                 .expectExceptionMessage("itens[4]: estoque insuficiente de Café: disponível 1.000, pedido 2.000");
    }

    @Test
    void produtoQueNaoControlaEstoqueNaoBaixaNemDevolve() {
        cenario().given(criado(false, "0.000", "0.000"))
                 .when(new TomarEstoqueDoPedidoCommand(ID, LOJA, "ped-1", List.of(new ItemSolicitado(0, null, q("5"))), T1,
                         CRIADO))
                 .expectNoEvents().expectSuccessfulHandlerExecution();
        cenario().given(criado(false, "0.000", "0.000"))
                 .when(new DevolverEstoqueDoPedidoCommand(ID, LOJA, "ped-1", List.of(new ItemSolicitado(0, null, q("5"))),
                         T1, CANCELADO))
                 .expectNoEvents();
    }

    @Test
    void devolucaoPulaVariacoesRemovidas() {
        cenario().given(comVariacoes(variacao("v1", null, "1.000", "0.000")))
                 .when(new DevolverEstoqueDoPedidoCommand(ID, LOJA, "ped-1", List.of(
                         new ItemSolicitado(0, "v1", q("2.000")), new ItemSolicitado(1, "removida", q("1.000"))), T1, CANCELADO))
                 .expectEvents(new EstoqueDevolvidoPorPedidoEvent(ID, LOJA, "ped-1",
                         List.of(new BaixaDeEstoque("v1", q("2.000"), q("3.000"))), q("3.000"), T1, CANCELADO));
    }

    private static AjustarEstoqueDoPedidoCommand ajuste(List<ItemSolicitado> cotar, List<ItemSolicitado> mantidos,
                                                        List<ItemSolicitado> anteriores) {
        return new AjustarEstoqueDoPedidoCommand(ID, LOJA, "ped-1", cotar, mantidos, anteriores, true, T1);
    }

    private static ItemSolicitado linha(int indice, String variacaoId, String quantidade) {
        return new ItemSolicitado(indice, variacaoId, q(quantidade));
    }

    @Test
    void edicaoQueAumentaTomaSoADiferenca() {
        cenario().given(criado(true, "10.000", "0.000"))
                 .when(ajuste(List.of(linha(0, null, "5")), List.of(), List.of(linha(-1, null, "3.000"))))
                 .expectEvents(new EstoqueTomadoPorPedidoEvent(ID, LOJA, "ped-1",
                         List.of(new BaixaDeEstoque(null, q("2.000"), q("8.000"))), q("8.000"), T1, EDITADO))
                 .expectResultMessagePayload(new ItensCotados(List.of(
                         new ItemCotado(0, produtoDoItem("8.000"), null, q("5.000"), q("10.00"))), 1));
    }

    @Test
    void edicaoQueDiminuiOuRemoveDevolveSoADiferenca() {
        cenario().given(criado(true, "10.000", "0.000"))
                 .when(ajuste(List.of(linha(0, null, "1")), List.of(), List.of(linha(-1, null, "3.000"))))
                 .expectEvents(new EstoqueDevolvidoPorPedidoEvent(ID, LOJA, "ped-1",
                         List.of(new BaixaDeEstoque(null, q("2.000"), q("12.000"))), q("12.000"), T1, EDITADO));
        cenario().given(criado(true, "10.000", "0.000"))
                 .when(ajuste(List.of(), List.of(linha(0, null, "2.000")),
                         List.of(linha(-1, null, "2.000"), linha(-1, null, "3.000"))))
                 .expectEvents(new EstoqueDevolvidoPorPedidoEvent(ID, LOJA, "ped-1",
                         List.of(new BaixaDeEstoque(null, q("3.000"), q("13.000"))), q("13.000"), T1, EDITADO))
                 .expectResultMessagePayload(new ItensCotados(List.of(), 1));
    }

    @Test
    void edicaoCompensaEntreLinhasDoMesmoLugarEMoveCadaVariacaoPorSi() {
        ProdutoCriadoEvent produto = comVariacoes(variacao("v1", null, "5.000", "0.000"),
                variacao("v2", null, "5.000", "0.000"));
        // v1: 2 held, now 1 + 1 (no movement); v2: 1 held, now 3 (+2); a removed v1 line of 1 comes back.
        cenario().given(produto)
                 .when(ajuste(List.of(linha(0, "v1", "1"), linha(2, "v2", "3")), List.of(linha(1, "v1", "1.000")),
                         List.of(linha(-1, "v1", "1.000"), linha(-1, "v2", "1.000"), linha(-1, "v1", "1.000"),
                                 linha(-1, "v1", "1.000"))))
                 .expectEvents(new EstoqueTomadoPorPedidoEvent(ID, LOJA, "ped-1",
                                 List.of(new BaixaDeEstoque("v2", q("2.000"), q("3.000"))), q("8.000"), T1, EDITADO),
                         new EstoqueDevolvidoPorPedidoEvent(ID, LOJA, "ped-1",
                                 List.of(new BaixaDeEstoque("v1", q("1.000"), q("6.000"))), q("9.000"), T1, EDITADO));
    }

    @Test
    void acrescimoSemEstoqueNomeiaAPrimeiraLinhaENaoMoveNada() {
        cenario().given(criado(true, "1.000", "0.000"))
                 .when(ajuste(List.of(linha(3, null, "5")), List.of(linha(1, null, "1.000")),
                         List.of(linha(-1, null, "1.000"), linha(-1, null, "3.000"))))
                 .expectNoEvents().expectException(ErroDeNegocio.class)
                 .expectExceptionMessage("itens[1]: estoque insuficiente de Café: disponível 1.000, acréscimo pedido 2.000");
    }

    @Test
    void edicaoSemEstoqueControladoOuNaoTomadoSoPrecifica() {
        cenario().given(criado(false, "0.000", "0.000"))
                 .when(ajuste(List.of(linha(0, null, "50")), List.of(), List.of(linha(-1, null, "1.000"))))
                 .expectNoEvents()
                 .expectResultMessagePayload(new ItensCotados(List.of(
                         new ItemCotado(0, produtoDoItem("0.000"), null, q("50.000"), q("10.00"))), 0));
        cenario().given(criado(true, "1.000", "0.000"))
                 .when(new AjustarEstoqueDoPedidoCommand(ID, LOJA, "ped-1", List.of(linha(0, null, "50")), List.of(),
                         List.of(), false, T1))
                 .expectNoEvents();
    }
}
