package br.com.lojaapi.command.produto;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.produto.AdicionarVariacaoCommand;
import br.com.lojaapi.coreapi.produto.AlteracaoProduto;
import br.com.lojaapi.coreapi.produto.AlteracaoVariacao;
import br.com.lojaapi.coreapi.produto.AlterarProdutoCommand;
import br.com.lojaapi.coreapi.produto.AlterarVariacaoCommand;
import br.com.lojaapi.coreapi.produto.CriarProdutoCommand;
import br.com.lojaapi.coreapi.produto.DadosProduto;
import br.com.lojaapi.coreapi.produto.DadosVariacao;
import br.com.lojaapi.coreapi.produto.EstoqueBaixoEvent;
import br.com.lojaapi.coreapi.produto.ProdutoAtualizadoEvent;
import br.com.lojaapi.coreapi.produto.ProdutoCriadoEvent;
import br.com.lojaapi.coreapi.produto.ProdutoRemovidoEvent;
import br.com.lojaapi.coreapi.produto.RemoverProdutoCommand;
import br.com.lojaapi.coreapi.produto.RemoverVariacaoCommand;
import br.com.lojaapi.coreapi.produto.ResultadoDeProduto;
import br.com.lojaapi.coreapi.produto.VariacaoAdicionadaEvent;
import br.com.lojaapi.coreapi.produto.VariacaoAlteradaEvent;
import br.com.lojaapi.coreapi.produto.VariacaoDoProduto;
import br.com.lojaapi.coreapi.produto.VariacaoRemovidaEvent;
import org.axonframework.eventsourcing.AggregateDeletedException;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

class ProdutoTest {

    private static final String LOJA = "loja-1";
    private static final String ID = "prod-1";
    private static final String CATEGORIA = "cat-1";
    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
    private static final Instant T1 = Instant.parse("2026-11-21T11:00:00Z");

    private final Set<String> categorias = Set.of(CATEGORIA);
    private final Set<String> grupos = Set.of("grupo-1");

    /** A fresh fixture per scenario: a fixture is not meant to run several given/when pairs. */
    private AggregateTestFixture<Produto> cenario() {
        AggregateTestFixture<Produto> fixture = new AggregateTestFixture<>(Produto.class);
        fixture.registerInjectableResource(new ReferenciasDaLoja() {
            @Override
            public boolean categoriaDaLoja(String lojaId, String categoriaId) {
                return LOJA.equals(lojaId) && categorias.contains(categoriaId);
            }

            @Override
            public boolean grupoDaLoja(String lojaId, String grupoId) {
                return LOJA.equals(lojaId) && grupos.contains(grupoId);
            }
        });
        return fixture;
    }

    @Test
    void criarAplicaOsPadroesDoContrato() {
        cenario().givenNoPriorActivity()
               .when(criar(alteracao().nome("Café").preco("12.345").unidade("kg").build(), null, List.of()))
               .expectResultMessagePayload(new ResultadoDeProduto(0, List.of()))
               .expectEvents(new ProdutoCriadoEvent(ID, LOJA, dados("Café", "12.35", "KG", "0.000", "1.000", false),
                       List.of(), T0));
    }

    @Test
    void criarExigeNomeEPreco() {
        cenario().givenNoPriorActivity()
               .when(criar(alteracao().preco("1").build(), null, List.of()))
               .expectNoEvents().expectExceptionMessage("Informe o nome do produto");
        cenario().givenNoPriorActivity()
               .when(criar(alteracao().nome("X").build(), null, List.of()))
               .expectNoEvents().expectExceptionMessage("Informe o preco do produto");
    }

    @Test
    void categoriaOuGrupoDeOutraLojaSaoRecusados() {
        AlteracaoProduto outraCategoria = new Construtor().nome("X").preco("1").categoria("cat-de-outra").build();
        cenario().givenNoPriorActivity()
               .when(criar(outraCategoria, null, List.of()))
               .expectNoEvents().expectExceptionMessage("categoriaId não é uma categoria desta loja: cat-de-outra");
        AlteracaoProduto outroGrupo = alteracao().nome("X").preco("1").grupos(List.of("grupo-1", "grupo-x")).build();
        cenario().givenNoPriorActivity()
               .when(criar(outroGrupo, null, List.of()))
               .expectNoEvents()
               .expectExceptionMessage("gruposComplemento: grupo-x não é um grupo de complementos desta loja");
    }

    @Test
    void limitesDosCampos() {
        cenario().givenNoPriorActivity()
               .when(criar(alteracao().nome("X").preco("1").referencia("r".repeat(81)).build(), null, List.of()))
               .expectNoEvents().expectExceptionMessage("referencia: no máximo 80 caracteres");
        cenario().givenNoPriorActivity()
               .when(criar(alteracao().nome("X").preco("1").multiplo(Optional.of(new BigDecimal("0.0004"))).build(),
                       null, List.of()))
               .expectNoEvents().expectExceptionMessage("multiploVenda deve ser no mínimo 0.001");
        cenario().givenNoPriorActivity()
               .when(criar(alteracao().nome("X").preco("-1").build(), null, List.of()))
               .expectNoEvents().expectExceptionMessage("preco não pode ser negativo");
        cenario().givenNoPriorActivity()
               .when(criar(alteracao().nome("X").preco("100000000").build(), null, List.of()))
               .expectNoEvents().expectException(ErroDeNegocio.class);
    }

    @Test
    void listasTemLimite() {
        List<AlteracaoVariacao> demais = new java.util.ArrayList<>();
        for (int i = 0; i <= Variacoes.MAXIMO; i++) {
            demais.add(variacao("v" + i, "Tam", "T" + i, null, null, "1"));
        }
        cenario().givenNoPriorActivity()
                 .when(criar(alteracao().nome("X").preco("1").build(), null, demais))
                 .expectNoEvents().expectExceptionMessage("um produto tem no máximo 500 variações");
        List<String> grupos = new java.util.ArrayList<>();
        for (int i = 0; i <= RegrasDeProduto.GRUPOS_MAXIMO; i++) {
            grupos.add("g" + i);
        }
        cenario().givenNoPriorActivity()
                 .when(criar(alteracao().nome("X").preco("1").grupos(grupos).build(), null, List.of()))
                 .expectNoEvents().expectExceptionMessage("gruposComplemento: no máximo 50 por produto");
    }

    @Test
    void criarComVariacoesSomaOEstoqueEAvisaQueOEnviadoFoiIgnorado() {
        AlteracaoProduto dados = alteracao().nome("Camiseta").preco("50").estoque("99").build();
        List<AlteracaoVariacao> variacoes = List.of(variacao("v1", "Tamanho", "P", null, null, "3"),
                variacao("v2", "Tamanho", "M", null, null, "4.5"));

        cenario().givenNoPriorActivity()
               .when(criar(dados, true, variacoes))
               .expectResultMessagePayload(new ResultadoDeProduto(0, List.of(Produto.ESTOQUE_DAS_VARIACOES)))
               .expectEvents(new ProdutoCriadoEvent(ID, LOJA, comEstoque(dados("Camiseta", "50.00", "PC", "7.500", "1.000",
                       true), "7.500"), List.of(nova("v1", "Tamanho", "P", "3.000"), nova("v2", "Tamanho", "M", "4.500")),
                       T0));
    }

    @Test
    void variacaoSemValor1RecusaTudoENomeiaOElemento() {
        cenario().givenNoPriorActivity()
               .when(criar(alteracao().nome("X").preco("1").build(), null,
                       List.of(variacao("v1", "Cor", "Azul", null, null, "1"), variacao("v2", "Cor", null, null, null, "1"))))
               .expectNoEvents()
               .expectExceptionMessage("variacoes[1]: valor1 é obrigatório para criar a variação");
    }

    @Test
    void alterarMudaSoOEnviadoNullApagaOpcionalENullEmObrigatorioERecusado() {
        cenario().given(criado())
               .when(new AlterarProdutoCommand(ID, LOJA, alteracao().preco("20").descricaoNula().multiplo(Optional.empty())
                       .build(), List.of(), T1))
               .expectEvents(new ProdutoAtualizadoEvent(ID, LOJA, comPreco(dados("Café", "12.35", "KG", "0.000", "1.000",
                       false), "20.00"), List.of(), T1));
        cenario().given(criado())
               .when(new AlterarProdutoCommand(ID, LOJA, alteracao().nomeNulo().build(), List.of(), T1))
               .expectNoEvents().expectExceptionMessage("nome não pode ser null; omita o campo para mantê-lo");
    }

    @Test
    void alterarSemMudancaNaoGeraEvento() {
        cenario().given(criado())
               .when(new AlterarProdutoCommand(ID, LOJA, alteracao().nome("Café").build(), List.of(), T1))
               .expectNoEvents()
               .expectResultMessagePayload(new ResultadoDeProduto(0, List.of()));
    }

    @Test
    void upsertDeVariacoesCasaPorCodigoDepoisPorSkuECriaAsDemais() {
        VariacaoDoProduto p = new VariacaoDoProduto("v1", new DadosVariacao("Tam", "P", null, null, "SKU-P", null, 10L,
                new BigDecimal("1.000"), new BigDecimal("0.000")));
        VariacaoDoProduto m = new VariacaoDoProduto("v2", new DadosVariacao("Tam", "M", null, null, "SKU-M", null, null,
                new BigDecimal("2.000"), new BigDecimal("0.000")));
        ProdutoCriadoEvent criado = new ProdutoCriadoEvent(ID, LOJA, comEstoque(dados("Café", "12.35", "KG", "0.000",
                "1.000", false), "3.000"), List.of(p, m), T0);
        List<AlteracaoVariacao> enviadas = List.of(
                new AlteracaoVariacao("novo-1", null, null, null, null, null, null, Optional.of(10L),
                        Optional.of(new BigDecimal("5")), null),
                new AlteracaoVariacao("novo-2", null, null, null, null, Optional.of("SKU-M"), null, null,
                        Optional.of(new BigDecimal("6")), null),
                variacao("novo-3", "Tam", "G", null, null, "7"));

        cenario().given(criado)
               .when(new AlterarProdutoCommand(ID, LOJA, AlteracaoProduto.nenhuma(), enviadas, T1))
               .expectEvents(new ProdutoAtualizadoEvent(ID, LOJA, comEstoque(dados("Café", "12.35", "KG", "0.000", "1.000",
                       false), "18.000"), List.of(
                       new VariacaoDoProduto("v1", new DadosVariacao("Tam", "P", null, null, "SKU-P", null, 10L,
                               new BigDecimal("5.000"), new BigDecimal("0.000"))),
                       new VariacaoDoProduto("v2", new DadosVariacao("Tam", "M", null, null, "SKU-M", null, null,
                               new BigDecimal("6.000"), new BigDecimal("0.000"))),
                       nova("novo-3", "Tam", "G", "7.000")), T1));
    }

    @Test
    void removerGeraOPayloadDeProdutoRemovidoEDepoisNadaMaisOEncontra() {
        cenario().given(criado())
               .when(new RemoverProdutoCommand(ID, LOJA, T1))
               .expectEvents(new ProdutoRemovidoEvent(ID, LOJA, "Café", null, null, T1))
               .expectMarkedDeleted();
        cenario().given(criado(), new ProdutoRemovidoEvent(ID, LOJA, "Café", null, null, T1))
               .when(new RemoverProdutoCommand(ID, LOJA, T1))
               .expectException(AggregateDeletedException.class);
    }

    @Test
    void produtoDeOutraLojaNaoEEncontrado() {
        cenario().given(criado())
               .when(new AlterarProdutoCommand(ID, "loja-2", alteracao().nome("X").build(), List.of(), T1))
               .expectNoEvents().expectExceptionMessage(Produto.NAO_ENCONTRADO);
    }

    @Test
    void variacoesPeloProprioEndpointMantemOEstoqueComoSoma() {
        cenario().given(criado())
               .when(new AdicionarVariacaoCommand(ID, LOJA, variacao("v1", "Cor", "Azul", null, null, "4"), T1))
               .expectEvents(new VariacaoAdicionadaEvent(ID, LOJA, nova("v1", "Cor", "Azul", "4.000"),
                       new BigDecimal("4.000"), T1));
        VariacaoAdicionadaEvent azul = new VariacaoAdicionadaEvent(ID, LOJA, nova("v1", "Cor", "Azul", "4.000"),
                new BigDecimal("4.000"), T1);
        cenario().given(criado(), azul)
               .when(new AlterarVariacaoCommand(ID, LOJA, "v1", new AlteracaoVariacao(null, null, null, null, null, null,
                       null, null, Optional.of(new BigDecimal("1.5")), null), T1))
               .expectEvents(new VariacaoAlteradaEvent(ID, LOJA, nova("v1", "Cor", "Azul", "1.500"),
                       new BigDecimal("1.500"), T1));
        cenario().given(criado(), azul)
               .when(new RemoverVariacaoCommand(ID, LOJA, "v1", T1))
               .expectEvents(new VariacaoRemovidaEvent(ID, LOJA, "v1", new BigDecimal("0.000"), T1),
                       // the product's stock fell from 4 to its minimum (0): a stock alert, as for any operation
                       new EstoqueBaixoEvent(ID, LOJA, null, "Café", null, null, new BigDecimal("0.000"),
                               new BigDecimal("0.000"), T1));
        cenario().given(criado())
               .when(new RemoverVariacaoCommand(ID, LOJA, "v9", T1))
               .expectNoEvents().expectExceptionMessage("Variação não encontrada");
    }

    private ProdutoCriadoEvent criado() {
        return new ProdutoCriadoEvent(ID, LOJA, dados("Café", "12.35", "KG", "0.000", "1.000", false), List.of(), T0);
    }

    private static CriarProdutoCommand criar(AlteracaoProduto dados, Boolean controla, List<AlteracaoVariacao> variacoes) {
        return new CriarProdutoCommand(ID, LOJA, dados, controla, variacoes, T0);
    }

    private static DadosProduto dados(String nome, String preco, String unidade, String estoque, String multiplo,
                                      boolean controla) {
        return new DadosProduto(nome, null, new BigDecimal(preco), null, List.of(), null, null, null, null, true, false, 0,
                controla, new BigDecimal(estoque), new BigDecimal("0.000"), unidade, new BigDecimal(multiplo), null, null,
                null, null, CATEGORIA, List.of());
    }

    private static DadosProduto comEstoque(DadosProduto d, String estoque) {
        return RegrasDeProduto.comEstoque(d, new BigDecimal(estoque));
    }

    private static DadosProduto comPreco(DadosProduto d, String preco) {
        return new DadosProduto(d.nome(), d.descricao(), new BigDecimal(preco), d.precoPromocional(), d.imagens(),
                d.codigoBarras(), d.sku(), d.referencia(), d.codIntegracao(), d.disponivel(), d.destaque(), d.ordem(),
                d.controlaEstoque(), d.quantidadeEstoque(), d.estoqueMinimo(), d.unidade(), d.multiploVenda(), d.peso(),
                d.altura(), d.largura(), d.comprimento(), d.categoriaId(), d.gruposComplemento());
    }

    private static AlteracaoVariacao variacao(String id, String nome, String valor1, String sku, Long codigo,
                                              String estoque) {
        return new AlteracaoVariacao(id, Optional.ofNullable(nome), valor1 == null ? null : Optional.of(valor1), null,
                null, sku == null ? null : Optional.of(sku), null, codigo == null ? null : Optional.of(codigo),
                Optional.of(new BigDecimal(estoque)), null);
    }

    private static VariacaoDoProduto nova(String id, String nome, String valor1, String estoque) {
        return new VariacaoDoProduto(id, new DadosVariacao(nome, valor1, null, null, null, null, null,
                new BigDecimal(estoque), new BigDecimal("0.000")));
    }

    private static Construtor alteracao() {
        return new Construtor().categoria(CATEGORIA);
    }

    /** Builds partial changes field by field; fields not set are "not sent". */
    static final class Construtor {
        private Optional<String> nome;
        private Optional<String> descricao;
        private Optional<BigDecimal> preco;
        private Optional<String> referencia;
        private Optional<BigDecimal> estoque;
        private Optional<String> unidade;
        private Optional<BigDecimal> multiplo;
        private Optional<String> categoria;
        private Optional<List<String>> grupos;

        Construtor nome(String v) { nome = Optional.of(v); return this; }
        Construtor nomeNulo() { nome = Optional.empty(); return this; }
        Construtor descricaoNula() { descricao = Optional.empty(); return this; }
        Construtor preco(String v) { preco = Optional.of(new BigDecimal(v)); return this; }
        Construtor referencia(String v) { referencia = Optional.of(v); return this; }
        Construtor estoque(String v) { estoque = Optional.of(new BigDecimal(v)); return this; }
        Construtor unidade(String v) { unidade = Optional.of(v); return this; }
        Construtor multiplo(Optional<BigDecimal> v) { multiplo = v; return this; }
        Construtor categoria(String v) { categoria = Optional.of(v); return this; }
        Construtor grupos(List<String> v) { grupos = Optional.of(v); return this; }

        AlteracaoProduto build() {
            return new AlteracaoProduto(nome, descricao, preco, null, null, null, null, referencia, null, null, null, null,
                    estoque, null, unidade, multiplo, null, null, null, null, categoria, grupos);
        }
    }
}
