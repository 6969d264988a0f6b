package br.com.lojaapi.query.produto;

import br.com.lojaapi.coreapi.produto.BaixaDeEstoque;
import br.com.lojaapi.coreapi.produto.BuscarProdutoQuery;
import br.com.lojaapi.coreapi.produto.BuscarVariacaoQuery;
import br.com.lojaapi.coreapi.produto.DadosProduto;
import br.com.lojaapi.coreapi.produto.DadosVariacao;
import br.com.lojaapi.coreapi.produto.EstoqueBaixoEvent;
import br.com.lojaapi.coreapi.produto.EstoqueDevolvidoPorPedidoEvent;
import br.com.lojaapi.coreapi.produto.EstoqueMovimentadoEvent;
import br.com.lojaapi.coreapi.produto.EstoqueTomadoPorPedidoEvent;
import br.com.lojaapi.coreapi.produto.ListarProdutosQuery;
import br.com.lojaapi.coreapi.produto.MotivoDoMovimento;
import br.com.lojaapi.coreapi.produto.ProdutoAtualizadoEvent;
import br.com.lojaapi.coreapi.produto.ProdutoCriadoEvent;
import br.com.lojaapi.coreapi.produto.ProdutoRemovidoEvent;
import br.com.lojaapi.coreapi.produto.ProdutoView;
import br.com.lojaapi.coreapi.produto.ProdutosPorIdQuery;
import br.com.lojaapi.coreapi.produto.TipoMovimento;
import br.com.lojaapi.coreapi.produto.VariacaoAdicionadaEvent;
import br.com.lojaapi.coreapi.produto.VariacaoAlteradaEvent;
import br.com.lojaapi.coreapi.produto.VariacaoDoProduto;
import br.com.lojaapi.coreapi.produto.VariacaoRemovidaEvent;
import br.com.lojaapi.coreapi.produto.VariacaoView;
import br.com.lojaapi.query.TesteDeProjecao;
import org.axonframework.eventhandling.DomainEventMessage;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static br.com.lojaapi.query.Projetor.evento;
import static org.assertj.core.api.Assertions.assertThat;

class ProdutoProjectionTest extends TesteDeProjecao<ProdutoProjection> {

    @Autowired
    ProdutoConsultas consultas;

    final String produto = id();
    final String categoria = id();
    final String p = id();
    final String m = id();
    final String g = id();

    @Test
    void criadoApareceComSuasVariacoesNaOrdemDoEvento() {
        dado(evento(produto, 0, criado("Camiseta", "12", variacao(m, "M", "5"), variacao(p, "P", "7"))));

        ProdutoView view = buscar().orElseThrow();
        assertThat(view.dados().nome()).isEqualTo("Camiseta");
        assertThat(view.dados().quantidadeEstoque()).isEqualByComparingTo("12");
        assertThat(view.dados().imagens()).containsExactly("https://imagens.example/camiseta.png");
        assertThat(view.criadoEm()).isEqualTo(CRIADO);
        assertThat(view.versao()).isZero();
        assertThat(view.variacoes()).extracting(VariacaoView::id).containsExactly(m, p);
        assertThat(view.variacoes()).extracting(v -> v.dados().valor1()).containsExactly("M", "P");
        assertThat(consultar(() -> consultas.handle(new BuscarVariacaoQuery(loja, p)))).get()
                .satisfies(v -> {
                    assertThat(v.produtoId()).isEqualTo(produto);
                    assertThat(v.dados().quantidadeEstoque()).isEqualByComparingTo("7");
                    assertThat(v.versao()).isZero();
                });
        assertThat(consultar(() -> consultas.handle(new BuscarProdutoQuery(id(), produto)))).isEmpty();
    }

    @Test
    void atualizadoDeixaExatamenteAsVariacoesDoEventoNaOrdemDele() {
        dado(evento(produto, 0, criado("Tênis", "3", variacao(p, "38", "1"), variacao(m, "39", "1"),
                        variacao(g, "40", "1"))),
                evento(produto, 1, new ProdutoAtualizadoEvent(produto, loja, dados("Tênis de corrida", "9"),
                        List.of(variacao(g, "40", "4"), variacao(p, "38", "2"), variacao(id(), "41", "3")), DEPOIS)));

        ProdutoView view = buscar().orElseThrow();
        assertThat(view.dados().nome()).isEqualTo("Tênis de corrida");
        assertThat(view.atualizadoEm()).isEqualTo(DEPOIS);
        assertThat(view.versao()).isEqualTo(1);
        assertThat(view.variacoes()).extracting(v -> v.dados().valor1()).containsExactly("40", "38", "41");
        assertThat(view.variacoes()).extracting(v -> v.dados().quantidadeEstoque().intValue()).containsExactly(4, 2, 3);
        assertThat(view.variacoes()).allSatisfy(v -> assertThat(v.versao()).isEqualTo(1));
        assertThat(consultar(() -> consultas.handle(new BuscarVariacaoQuery(loja, m)))).isEmpty();
    }

    @Test
    void variacaoAdicionadaAlteradaERemovidaMudamOEstoqueDoProduto() {
        String nova = id();
        dado(evento(produto, 0, criado("Boné", "5", variacao(p, "Azul", "5"))),
                evento(produto, 1, new VariacaoAdicionadaEvent(produto, loja, variacao(nova, "Verde", "3"),
                        new BigDecimal("8"), DEPOIS)),
                evento(produto, 2, new VariacaoAlteradaEvent(produto, loja, variacao(p, "Azul-marinho", "6"),
                        new BigDecimal("9"), DEPOIS)));

        ProdutoView view = buscar().orElseThrow();
        assertThat(view.variacoes()).extracting(v -> v.dados().valor1()).containsExactly("Azul-marinho", "Verde");
        assertThat(view.dados().quantidadeEstoque()).isEqualByComparingTo("9");
        assertThat(view.versao()).isEqualTo(2);

        dado(evento(produto, 3, new VariacaoRemovidaEvent(produto, loja, p, new BigDecimal("3"),
                MAIS_TARDE)));

        view = buscar().orElseThrow();
        assertThat(view.variacoes()).extracting(VariacaoView::id).containsExactly(nova);
        assertThat(view.dados().quantidadeEstoque()).isEqualByComparingTo("3");
        assertThat(view.atualizadoEm()).isEqualTo(MAIS_TARDE);
        assertThat(view.versao()).isEqualTo(3);
    }

    @Test
    void estoqueSegueMovimentosEPedidosEOAlertaSoMoveAVersao() {
        String pedido = id();
        dado(evento(produto, 0, criado("Caneca", "10", variacao(p, "Branca", "10"))),
                evento(produto, 1, new EstoqueMovimentadoEvent(produto, loja, id(), p, TipoMovimento.SAIDA,
                        new BigDecimal("2"), new BigDecimal("10"), new BigDecimal("8"), new BigDecimal("8"), null,
                        DEPOIS)),
                evento(produto, 2, new EstoqueTomadoPorPedidoEvent(produto, loja, pedido,
                        List.of(new BaixaDeEstoque(p, new BigDecimal("5"), new BigDecimal("3"))), new BigDecimal("3"),
                        DEPOIS, MotivoDoMovimento.PEDIDO_CRIADO)),
                evento(produto, 3, new EstoqueDevolvidoPorPedidoEvent(produto, loja, pedido,
                        List.of(new BaixaDeEstoque(p, new BigDecimal("1"), new BigDecimal("4"))), new BigDecimal("4"),
                        MAIS_TARDE, MotivoDoMovimento.PEDIDO_EDITADO)));

        ProdutoView view = buscar().orElseThrow();
        assertThat(view.dados().quantidadeEstoque()).isEqualByComparingTo("4");
        assertThat(view.variacoes()).singleElement()
                .satisfies(v -> assertThat(v.dados().quantidadeEstoque()).isEqualByComparingTo("4"));
        assertThat(view.atualizadoEm()).isEqualTo(MAIS_TARDE);

        dado(evento(produto, 4, new EstoqueBaixoEvent(produto, loja, p, "Caneca", null, null,
                new BigDecimal("4"), new BigDecimal("5"), MAIS_TARDE.plusSeconds(86_400))));

        ProdutoView alertado = buscar().orElseThrow();
        assertThat(alertado.versao()).isEqualTo(4);
        assertThat(alertado.atualizadoEm()).isEqualTo(MAIS_TARDE);
        assertThat(alertado.dados().quantidadeEstoque()).isEqualByComparingTo("4");
    }

    @Test
    void estoqueDoProdutoSemVariacoesSegueOsPedidos() {
        String pedido = id();
        dado(evento(produto, 0, criado("Café", "20")),
                evento(produto, 1, new EstoqueTomadoPorPedidoEvent(produto, loja, pedido,
                        List.of(new BaixaDeEstoque(null, new BigDecimal("2.5"), new BigDecimal("17.5"))),
                        new BigDecimal("17.5"), DEPOIS, MotivoDoMovimento.PEDIDO_CONFIRMADO)),
                evento(produto, 2, new EstoqueDevolvidoPorPedidoEvent(produto, loja, pedido,
                        List.of(new BaixaDeEstoque(null, new BigDecimal("2.5"), new BigDecimal("20"))),
                        new BigDecimal("20"), MAIS_TARDE, MotivoDoMovimento.PEDIDO_CANCELADO)));

        assertThat(linha("SELECT quantidade_estoque, versao FROM produto_view WHERE id = ?", produto))
                .containsEntry("quantidade_estoque", new BigDecimal("20.000")).containsEntry("versao", 2L);
    }

    /** A live batch holds several products (their rows are read together); each gets its own events once. */
    @Test
    void umLoteComVariosProdutosAplicaOsDeCadaUmUmaVez() {
        String outro = id();
        dado(evento(produto, 0, criado("Café", "20")), evento(outro, 0,
                new ProdutoCriadoEvent(outro, loja, dados("Chá", "5"), List.of(), CRIADO)));
        DomainEventMessage<?>[] lote = {
                tomado(produto, 1, null, "2", "18", "18", DEPOIS),
                tomado(outro, 1, null, "1", "4", "4", DEPOIS),
                tomado(produto, 2, null, "3", "15", "15", MAIS_TARDE)};

        dadoNumLote(lote);
        dadoNumLote(lote);

        assertThat(linha("SELECT quantidade_estoque, versao FROM produto_view WHERE id = ?", produto))
                .containsEntry("quantidade_estoque", new BigDecimal("15.000")).containsEntry("versao", 2L);
        assertThat(linha("SELECT quantidade_estoque, versao FROM produto_view WHERE id = ?", outro))
                .containsEntry("quantidade_estoque", new BigDecimal("4.000")).containsEntry("versao", 1L);
    }

    /**
     * A batch's stock events, for products with no other event in it, are written together when it commits: each
     * product's last stock, time, version and index, each variation's last stock. Handled again, or an older part of
     * it after, nothing changes.
     */
    @Test
    void estoquesDeUmLoteSaoEscritosJuntosComoOsEventosOsDeixam() {
        String outro = id();
        dado(evento(produto, 0, criado("Caneca", "10", variacao(p, "Branca", "6"), variacao(m, "Preta", "4"))),
                evento(outro, 0, new ProdutoCriadoEvent(outro, loja, dados("Chá", "5"), List.of(), CRIADO)));
        DomainEventMessage<?> primeiro = tomado(produto, 1, p, "2", "4", "8", DEPOIS);
        DomainEventMessage<?>[] lote = {
                primeiro,
                evento(outro, 1, new EstoqueMovimentadoEvent(outro, loja, id(), null, TipoMovimento.ENTRADA,
                        new BigDecimal("3"), new BigDecimal("5"), new BigDecimal("8"), new BigDecimal("8"), null,
                        DEPOIS)),
                tomado(produto, 2, m, "3", "1", "5", MAIS_TARDE),
                evento(produto, 3, new EstoqueBaixoEvent(produto, loja, m, "Caneca", null, null,
                        new BigDecimal("1"), new BigDecimal("2"), MAIS_TARDE.plusSeconds(60)))};

        dadoNumLote(lote);

        ProdutoView view = buscar().orElseThrow();
        assertThat(view.dados().quantidadeEstoque()).isEqualByComparingTo("5");
        assertThat(view.atualizadoEm()).isEqualTo(MAIS_TARDE);
        assertThat(view.versao()).isEqualTo(3);
        assertThat(view.variacoes()).extracting(v -> v.dados().quantidadeEstoque().intValue()).containsExactly(4, 1);
        Map<String, Object> linha = linha("SELECT quantidade_estoque, atualizado_em, versao, global_index "
                                          + "FROM produto_view WHERE id = ?", produto);
        assertThat(linha.get("global_index")).isEqualTo(jdbc.queryForObject("SELECT global_index FROM "
                + "domain_event_entry WHERE aggregate_identifier = ? AND sequence_number = 3", Long.class, produto));
        assertThat(linha("SELECT quantidade_estoque, versao FROM produto_view WHERE id = ?", outro))
                .containsEntry("quantidade_estoque", new BigDecimal("8.000")).containsEntry("versao", 1L);

        dadoNumLote(lote);
        dadoNumLote(primeiro);
        dado(primeiro);

        assertThat(linha("SELECT quantidade_estoque, atualizado_em, versao, global_index FROM produto_view "
                         + "WHERE id = ?", produto)).isEqualTo(linha);
        assertThat(buscar().orElseThrow().variacoes()).extracting(v -> v.dados().quantidadeEstoque().intValue())
                .containsExactly(4, 1);
    }

    @Test
    void removidoSomeDasConsultasMasFicaComoLapideNaSincronia() {
        dado(evento(produto, 0, criado("Bolo", "1", variacao(p, "Fatia", "1"))),
                evento(produto, 1, new ProdutoRemovidoEvent(produto, loja, "Bolo", null, null, DEPOIS)));

        assertThat(buscar()).isEmpty();
        assertThat(consultar(() -> consultas.handle(new BuscarVariacaoQuery(loja, p)))).isEmpty();
        assertThat(consultar(() -> consultas.handle(new ListarProdutosQuery(loja, null, null, false, 1, 10)))
                .produtos()).isEmpty();
        assertThat(linha("SELECT disponivel, deletado_em, atualizado_em, versao FROM produto_view WHERE id = ?",
                produto)).containsEntry("disponivel", false).containsEntry("deletado_em", Timestamp.from(DEPOIS))
                         .containsEntry("atualizado_em", Timestamp.from(DEPOIS)).containsEntry("versao", 1L);
        assertThat(consultar(() -> consultas.handle(new ProdutosPorIdQuery(loja, List.of(produto)))).produtos())
                .singleElement().satisfies(lapide -> assertThat(lapide.versao()).isEqualTo(1));
    }

    @Test
    void versaoAntigaDepoisDeUmaNovaNaoMudaNada() {
        dado(evento(produto, 0, criado("Suco", "5", variacao(p, "Uva", "5"))),
                evento(produto, 2, new EstoqueMovimentadoEvent(produto, loja, id(), p, TipoMovimento.AJUSTE,
                        new BigDecimal("7"), new BigDecimal("5"), new BigDecimal("7"), new BigDecimal("7"), null,
                        MAIS_TARDE)),
                evento(produto, 1, new VariacaoAdicionadaEvent(produto, loja, variacao(m, "Maçã", "1"),
                        new BigDecimal("6"), DEPOIS)),
                evento(produto, 1, new ProdutoAtualizadoEvent(produto, loja, dados("Suco velho", "1"), List.of(),
                        DEPOIS)));

        ProdutoView view = buscar().orElseThrow();
        assertThat(view.dados().nome()).isEqualTo("Suco");
        assertThat(view.dados().quantidadeEstoque()).isEqualByComparingTo("7");
        assertThat(view.variacoes()).extracting(VariacaoView::id).containsExactly(p);
        assertThat(view.variacoes().get(0).dados().quantidadeEstoque()).isEqualByComparingTo("7");
        assertThat(view.atualizadoEm()).isEqualTo(MAIS_TARDE);
        assertThat(view.versao()).isEqualTo(2);
    }

    @Test
    void repetirOsEventosDeixaAsMesmasLinhas() {
        String pedido = id();
        String nova = id();
        List<DomainEventMessage<?>> eventos = List.of(
                evento(produto, 0, criado("Pão", "10", variacao(p, "Francês", "6"), variacao(m, "Doce", "4"))),
                evento(produto, 1, new VariacaoAdicionadaEvent(produto, loja, variacao(nova, "Integral", "2"),
                        new BigDecimal("12"), DEPOIS)),
                evento(produto, 2, new VariacaoAlteradaEvent(produto, loja, variacao(m, "Doce de leite", "4"),
                        new BigDecimal("12"), DEPOIS)),
                evento(produto, 3, new EstoqueMovimentadoEvent(produto, loja, id(), p, TipoMovimento.ENTRADA,
                        new BigDecimal("4"), new BigDecimal("6"), new BigDecimal("10"), new BigDecimal("16"), null,
                        DEPOIS)),
                evento(produto, 4, new EstoqueTomadoPorPedidoEvent(produto, loja, pedido,
                        List.of(new BaixaDeEstoque(p, new BigDecimal("3"), new BigDecimal("7"))), new BigDecimal("13"),
                        DEPOIS, MotivoDoMovimento.PEDIDO_CRIADO)),
                evento(produto, 5, new VariacaoRemovidaEvent(produto, loja, m, new BigDecimal("9"), MAIS_TARDE)),
                evento(produto, 6, new EstoqueDevolvidoPorPedidoEvent(produto, loja, pedido,
                        List.of(new BaixaDeEstoque(p, new BigDecimal("3"), new BigDecimal("10"))), new BigDecimal("12"),
                        MAIS_TARDE, MotivoDoMovimento.PEDIDO_CANCELADO)),
                evento(produto, 7, new ProdutoAtualizadoEvent(produto, loja, dados("Pão da casa", "12"),
                        List.of(variacao(nova, "Integral", "2"), variacao(p, "Francês", "10")), MAIS_TARDE)),
                evento(produto, 8, new EstoqueBaixoEvent(produto, loja, nova, "Integral", null, null,
                        new BigDecimal("2"), new BigDecimal("2"), MAIS_TARDE)),
                evento(produto, 9, new ProdutoRemovidoEvent(produto, loja, "Pão da casa", null, null, MAIS_TARDE)));

        List<Map<String, Object>> linhas = repetirNaoMudaAsLinhas(this::linhasDoProduto,
                eventos.toArray(DomainEventMessage<?>[]::new));

        assertThat(linhas.get(0)).containsEntry("nome", "Pão da casa").containsEntry("versao", 9L)
                                 .containsEntry("deletado_em", Timestamp.from(MAIS_TARDE));
        assertThat(linhas.subList(1, linhas.size())).extracting(l -> l.get("valor1"))
                                                    .containsExactly("Integral", "Francês");
    }

    private List<Map<String, Object>> linhasDoProduto() {
        List<Map<String, Object>> linhas = new ArrayList<>(linhas("SELECT * FROM produto_view WHERE id = ?", produto));
        linhas.addAll(linhas("SELECT * FROM variacao_view WHERE produto_id = ? ORDER BY posicao, id", produto));
        return linhas;
    }

    private Optional<ProdutoView> buscar() {
        return consultar(() -> consultas.handle(new BuscarProdutoQuery(loja, produto)));
    }

    private ProdutoCriadoEvent criado(String nome, String estoque, VariacaoDoProduto... variacoes) {
        return new ProdutoCriadoEvent(produto, loja, dados(nome, estoque), List.of(variacoes), CRIADO);
    }

    private DadosProduto dados(String nome, String estoque) {
        return new DadosProduto(nome, "Feito na casa", new BigDecimal("19.90"), null,
                List.of("https://imagens.example/camiseta.png"), "7891234567895", "SKU-1", null, 101L, true, false, 0,
                true, new BigDecimal(estoque), new BigDecimal("2"), "UN", BigDecimal.ONE, new BigDecimal("0.300"), null,
                null, null, categoria, List.of());
    }

    private static VariacaoDoProduto variacao(String id, String valor, String estoque) {
        return new VariacaoDoProduto(id, new DadosVariacao("Tamanho", valor, null, null, "SKU-" + valor, null, null,
                new BigDecimal(estoque), BigDecimal.ZERO));
    }

    /** Order stock taken from product {@code id} at {@code versao}: the line's variation (or null) and quantities. */
    private DomainEventMessage<?> tomado(String id, long versao, String variacao, String quantidade, String atual,
                                         String doProduto, Instant quando) {
        return evento(id, versao, new EstoqueTomadoPorPedidoEvent(id, loja, id(),
                List.of(new BaixaDeEstoque(variacao, new BigDecimal(quantidade), new BigDecimal(atual))),
                new BigDecimal(doProduto), quando, MotivoDoMovimento.PEDIDO_CRIADO));
    }
}
