package br.com.lojaapi.command.categoria;

import br.com.lojaapi.coreapi.categoria.AtualizarCategoriaCommand;
import br.com.lojaapi.coreapi.categoria.CategoriaAtualizadaEvent;
import br.com.lojaapi.coreapi.categoria.CategoriaCriadaEvent;
import br.com.lojaapi.coreapi.categoria.CategoriaRemovidaEvent;
import br.com.lojaapi.coreapi.categoria.RemoverCategoriaCommand;
import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Set;

import static br.com.lojaapi.command.comum.VersaoDivergente.naVersao;
import static br.com.lojaapi.command.comum.VersaoDivergente.naoEncontrado;

/** If-Match on a category: the aggregate compares the expected versions with its own before any other rule. */
class PreCondicaoDaCategoriaTest {

    private static final String LOJA = "loja-1";
    private static final String ID = "cat-1";
    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
    private static final Instant T1 = Instant.parse("2026-11-21T10:05:00Z");
    private static final CategoriaCriadaEvent CRIADA = new CategoriaCriadaEvent(ID, LOJA, "Bebidas", null, 2, true, T0);
    private static final CategoriaAtualizadaEvent RENOMEADA =
            new CategoriaAtualizadaEvent(ID, LOJA, "Sucos", null, 2, true, T0);

    private AggregateTestFixture<Categoria> fixture;
    private boolean temProdutos;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Categoria.class);
        fixture.registerInjectableResource(new CategoriaTest.NomesEmMemoria());
        fixture.registerInjectableResource((ProdutosDaCategoria) (loja, categoria) -> {
            if (temProdutos) {
                throw new IllegalStateException("a versão devia ter sido conferida antes dos produtos");
            }
        });
    }

    @Test
    void versaoAtualPassa() {
        fixture.given(CRIADA, RENOMEADA)
               .when(new AtualizarCategoriaCommand(ID, LOJA, "Chás", null, null, null, T1, VersaoEsperada.de(1)))
               .expectResultMessagePayload(2L)
               .expectEvents(new CategoriaAtualizadaEvent(ID, LOJA, "Chás", null, 2, true, T1));
    }

    @Test
    void versaoVelhaERecusadaSemEventos() {
        fixture.given(CRIADA, RENOMEADA)
               .when(new AtualizarCategoriaCommand(ID, LOJA, "Chás", null, null, null, T1, VersaoEsperada.de(0)))
               .expectNoEvents()
               .expectException(naVersao(1));
    }

    @Test
    void qualquerDasVersoesListadasServe() {
        fixture.given(CRIADA, RENOMEADA)
               .when(new RemoverCategoriaCommand(ID, LOJA, T1, new VersaoEsperada(Set.of(0L, 1L))))
               .expectEvents(new CategoriaRemovidaEvent(ID, LOJA, "Sucos", T1))
               .expectMarkedDeleted();
    }

    @Test
    void remocaoComVersaoVelhaNaoRemoveEVemAntesDasOutrasRegras() {
        temProdutos = true;
        fixture.given(CRIADA, RENOMEADA)
               .when(new RemoverCategoriaCommand(ID, LOJA, T1, VersaoEsperada.de(0)))
               .expectNoEvents()
               .expectException(naVersao(1));
    }

    @Test
    void nenhumaVersaoAceitaERecusada() {
        fixture.given(CRIADA)
               .when(new RemoverCategoriaCommand(ID, LOJA, T1, new VersaoEsperada(Set.of())))
               .expectNoEvents()
               .expectException(naVersao(0));
    }

    @Test
    void outraLojaContinuaNaoEncontradaMesmoComVersaoErrada() {
        fixture.given(CRIADA)
               .when(new RemoverCategoriaCommand(ID, "loja-2", T1, VersaoEsperada.de(7)))
               .expectNoEvents()
               .expectException(naoEncontrado());
    }
}
