package br.com.lojaapi.command.produto;

import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import br.com.lojaapi.coreapi.produto.AlteracaoVariacao;
import br.com.lojaapi.coreapi.produto.AlterarProdutoCommand;
import br.com.lojaapi.coreapi.produto.AlterarVariacaoCommand;
import br.com.lojaapi.coreapi.produto.DadosProduto;
import br.com.lojaapi.coreapi.produto.DadosVariacao;
import br.com.lojaapi.coreapi.produto.ProdutoCriadoEvent;
import br.com.lojaapi.coreapi.produto.ProdutoRemovidoEvent;
import br.com.lojaapi.coreapi.produto.RemoverProdutoCommand;
import br.com.lojaapi.coreapi.produto.RemoverVariacaoCommand;
import br.com.lojaapi.coreapi.produto.ResultadoDeProduto;
import br.com.lojaapi.coreapi.produto.VariacaoAdicionadaEvent;
import br.com.lojaapi.coreapi.produto.VariacaoDoProduto;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.hamcrest.CustomTypeSafeMatcher;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static br.com.lojaapi.command.comum.VersaoDivergente.naVersao;
import static br.com.lojaapi.command.comum.VersaoDivergente.naoEncontrado;

/**
 * If-Match on a product and on its variations: a variation's {@code versao} is its product's, so both are compared
 * with the product aggregate's version.
 */
class PreCondicaoDoProdutoTest {

    private static final String LOJA = "loja-1";
    private static final String ID = "prod-1";
    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
    private static final Instant T1 = Instant.parse("2026-11-21T11:00:00Z");
    private static final ProdutoCriadoEvent CRIADO = new ProdutoCriadoEvent(ID, LOJA, new DadosProduto("Café", null,
            new BigDecimal("12.35"), null, List.of(), null, null, null, null, true, false, 0, false,
            new BigDecimal("0.000"), new BigDecimal("0.000"), "KG", new BigDecimal("1.000"), null, null, null, null,
            "cat-1", List.of()), List.of(), T0);
    /** Version 1: a variation with 4 in stock. */
    private static final VariacaoAdicionadaEvent AZUL = new VariacaoAdicionadaEvent(ID, LOJA,
            new VariacaoDoProduto("v1", new DadosVariacao("Cor", "Azul", null, null, null, null, null, new BigDecimal("4.000"),
                    new BigDecimal("0.000"))), new BigDecimal("4.000"), T1);

    private static AggregateTestFixture<Produto> cenario() {
        AggregateTestFixture<Produto> fixture = new AggregateTestFixture<>(Produto.class);
        fixture.registerInjectableResource(new ReferenciasDaLoja() {
            @Override
            public boolean categoriaDaLoja(String lojaId, String categoriaId) {
                return true;
            }

            @Override
            public boolean grupoDaLoja(String lojaId, String grupoId) {
                return true;
            }
        });
        return fixture;
    }

    private static AlterarProdutoCommand renomear(String loja, VersaoEsperada esperada) {
        return new AlterarProdutoCommand(ID, loja, new ProdutoTest.Construtor().nome("Chá").build(), List.of(), T1,
                esperada);
    }

    @Test
    void alterarNaVersaoAtualPassa() {
        cenario().given(CRIADO, AZUL)
                 .when(renomear(LOJA, VersaoEsperada.de(1)))
                 .expectSuccessfulHandlerExecution()
                 .expectResultMessagePayloadMatching(new CustomTypeSafeMatcher<ResultadoDeProduto>("versão 2") {
                     @Override
                     protected boolean matchesSafely(ResultadoDeProduto resultado) {
                         return resultado.versao() == 2;
                     }
                 });
    }

    @Test
    void alterarComVersaoVelhaERecusadoSemEventos() {
        cenario().given(CRIADO, AZUL)
                 .when(renomear(LOJA, VersaoEsperada.de(0)))
                 .expectNoEvents()
                 .expectException(naVersao(1));
    }

    @Test
    void versaoAdiantadaTambemERecusada() {
        cenario().given(CRIADO)
                 .when(renomear(LOJA, VersaoEsperada.de(5)))
                 .expectNoEvents()
                 .expectException(naVersao(0));
    }

    @Test
    void removerComVersaoVelhaNaoRemove() {
        cenario().given(CRIADO, AZUL)
                 .when(new RemoverProdutoCommand(ID, LOJA, T1, VersaoEsperada.de(0)))
                 .expectNoEvents()
                 .expectException(naVersao(1));
        cenario().given(CRIADO, AZUL)
                 .when(new RemoverProdutoCommand(ID, LOJA, T1, VersaoEsperada.de(1)))
                 .expectEvents(new ProdutoRemovidoEvent(ID, LOJA, "Café", null, null, T1))
                 .expectMarkedDeleted();
    }

    @Test
    void variacaoComparaComAVersaoDoProduto() {
        AlteracaoVariacao estoque = new AlteracaoVariacao(null, null, null, null, null, null, null, null,
                Optional.of(new BigDecimal("1.5")), null);
        cenario().given(CRIADO, AZUL)
                 .when(new AlterarVariacaoCommand(ID, LOJA, "v1", estoque, T1, VersaoEsperada.de(1)))
                 .expectSuccessfulHandlerExecution()
                 .expectResultMessagePayload(2L);
        cenario().given(CRIADO, AZUL)
                 .when(new AlterarVariacaoCommand(ID, LOJA, "v1", estoque, T1, VersaoEsperada.de(0)))
                 .expectNoEvents()
                 .expectException(naVersao(1));
        cenario().given(CRIADO, AZUL)
                 .when(new RemoverVariacaoCommand(ID, LOJA, "v1", T1, VersaoEsperada.de(0)))
                 .expectNoEvents()
                 .expectException(naVersao(1));
    }

    @Test
    void outraLojaContinuaNaoEncontrada() {
        cenario().given(CRIADO)
                 .when(renomear("loja-2", VersaoEsperada.de(9)))
                 .expectNoEvents()
                 .expectException(naoEncontrado());
    }
}
