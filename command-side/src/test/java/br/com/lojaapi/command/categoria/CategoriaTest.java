package br.com.lojaapi.command.categoria;

import br.com.lojaapi.coreapi.categoria.AtualizarCategoriaCommand;
import br.com.lojaapi.coreapi.categoria.CategoriaAtualizadaEvent;
import br.com.lojaapi.coreapi.categoria.CategoriaCriadaEvent;
import br.com.lojaapi.coreapi.categoria.CategoriaRemovidaEvent;
import br.com.lojaapi.coreapi.categoria.CriarCategoriaCommand;
import br.com.lojaapi.coreapi.categoria.RemoverCategoriaCommand;
import br.com.lojaapi.coreapi.comum.CodigoErro;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.hamcrest.CustomTypeSafeMatcher;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;


class CategoriaTest {

    private static final String LOJA = "loja-1";
    private static final String ID = "cat-1";
    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
    private static final Instant T1 = Instant.parse("2026-11-21T10:05:00Z");

    private AggregateTestFixture<Categoria> fixture;
    private long produtosVinculados;
    private NomesEmMemoria nomes;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Categoria.class);
        nomes = new NomesEmMemoria();
        fixture.registerInjectableResource(nomes);
        fixture.registerInjectableResource((ProdutosDaCategoria) (loja, categoria) -> {
            if (produtosVinculados > 0) {
                throw new ErroDeNegocio(CodigoErro.CONFLITO, "A categoria tem produtos",
                        java.util.Map.of("produtosVinculados", produtosVinculados, "subcategoriasVinculadas", 0));
            }
        });
    }

    @Test
    void criarAplicaEventoComNomeLimpoEDevolveVersaoZero() {
        fixture.givenNoPriorActivity()
               .when(new CriarCategoriaCommand(ID, LOJA, "  Bebidas  ", "  ", 3, true, T0))
               .expectSuccessfulHandlerExecution()
               .expectResultMessagePayload(0L)
               .expectEvents(new CategoriaCriadaEvent(ID, LOJA, "Bebidas", null, 3, true, T0));
    }

    @Test
    void criarSemOrdemVaiParaOFimDaLoja() {
        nomes.ordemMaxima = 7;
        fixture.givenNoPriorActivity()
               .when(new CriarCategoriaCommand(ID, LOJA, "Lanches", null, null, false, T0))
               .expectEvents(new CategoriaCriadaEvent(ID, LOJA, "Lanches", null, 8, false, T0));
    }

    @Test
    void ordemAutomaticaNaoPassaDoMaximo() {
        nomes.ordemMaxima = Categoria.ORDEM_MAXIMA;
        fixture.givenNoPriorActivity()
               .when(new CriarCategoriaCommand(ID, LOJA, "Fim", null, null, true, T0))
               .expectEvents(new CategoriaCriadaEvent(ID, LOJA, "Fim", null, Categoria.ORDEM_MAXIMA, true, T0));
    }

    @Test
    void ordemNegativaEAceitaPorqueOContratoSoDizInteiro() {
        fixture.givenNoPriorActivity()
               .when(new CriarCategoriaCommand(ID, LOJA, "Primeiro", null, -1, true, T0))
               .expectEvents(new CategoriaCriadaEvent(ID, LOJA, "Primeiro", null, -1, true, T0));
    }

    @Test
    void ordemForaDoIntervaloERecusada() {
        fixture.givenNoPriorActivity()
               .when(new CriarCategoriaCommand(ID, LOJA, "X", null, -1_000_001, true, T0))
               .expectNoEvents()
               .expectExceptionMessage("ordem deve estar entre -1000000 e 1000000");
        fixture.given(new CategoriaCriadaEvent(ID, LOJA, "X", null, 1, true, T0))
               .when(new AtualizarCategoriaCommand(ID, LOJA, null, null, Integer.MAX_VALUE, null, T1))
               .expectNoEvents()
               .expectException(ErroDeNegocio.class);
    }

    @Test
    void criarComNomeVazioERecusado() {
        fixture.givenNoPriorActivity()
               .when(new CriarCategoriaCommand(ID, LOJA, "   ", null, null, true, T0))
               .expectNoEvents()
               .expectException(ErroDeNegocio.class)
               .expectExceptionMessage("Informe o nome da categoria (texto não vazio)");
    }

    @Test
    void textoComCaractereNuloERecusadoAntesDeVirarEvento() {
        fixture.givenNoPriorActivity()
               .when(new CriarCategoriaCommand(ID, LOJA, "a\u0000b", null, null, true, T0))
               .expectNoEvents()
               .expectException(ErroDeNegocio.class);
    }

    @Test
    void criarComNomeJaUsadoNaLojaERecusado() {
        nomes.ocupados.put("bebidas", "outra");
        fixture.givenNoPriorActivity()
               .when(new CriarCategoriaCommand(ID, LOJA, "BEBIDAS", null, null, true, T0))
               .expectNoEvents()
               .expectExceptionMessage("Já existe uma categoria chamada 'BEBIDAS' nesta loja");
    }

    @Test
    void atualizarMudaSoOsCamposInformadosELimpaDescricaoComVazio() {
        fixture.given(new CategoriaCriadaEvent(ID, LOJA, "Bebidas", "geladas", 2, true, T0))
               .when(new AtualizarCategoriaCommand(ID, LOJA, null, Optional.empty(), null, false, T1))
               .expectResultMessagePayload(1L)
               .expectEvents(new CategoriaAtualizadaEvent(ID, LOJA, "Bebidas", null, 2, false, T1));
    }

    @Test
    void atualizarSemDescricaoMantemADescricao() {
        fixture.given(new CategoriaCriadaEvent(ID, LOJA, "Bebidas", "geladas", 2, true, T0))
               .when(new AtualizarCategoriaCommand(ID, LOJA, "Sucos", null, 5, null, T1))
               .expectEvents(new CategoriaAtualizadaEvent(ID, LOJA, "Sucos", "geladas", 5, true, T1));
    }

    @Test
    void renomearParaNomeDeOutraCategoriaERecusado() {
        nomes.ocupados.put("sucos", "outra");
        fixture.given(new CategoriaCriadaEvent(ID, LOJA, "Bebidas", null, 2, true, T0))
               .when(new AtualizarCategoriaCommand(ID, LOJA, "sucos", null, null, null, T1))
               .expectNoEvents()
               .expectException(ErroDeNegocio.class);
    }

    @Test
    void mudarSoAsMaiusculasDoProprioNomeEPermitido() {
        nomes.ocupados.put("bebidas", ID);
        fixture.given(new CategoriaCriadaEvent(ID, LOJA, "bebidas", null, 2, true, T0))
               .when(new AtualizarCategoriaCommand(ID, LOJA, "Bebidas", null, null, null, T1))
               .expectEvents(new CategoriaAtualizadaEvent(ID, LOJA, "Bebidas", null, 2, true, T1));
    }

    @Test
    void outraLojaNaoEnxergaACategoria() {
        fixture.given(new CategoriaCriadaEvent(ID, LOJA, "Bebidas", null, 2, true, T0))
               .when(new RemoverCategoriaCommand(ID, "loja-2", T1))
               .expectNoEvents()
               .expectException(new CustomTypeSafeMatcher<ErroDeNegocio>("erro NAO_ENCONTRADO") {
                   @Override
                   protected boolean matchesSafely(ErroDeNegocio erro) {
                       return erro.codigo() == CodigoErro.NAO_ENCONTRADO;
                   }
               });
    }

    @Test
    void removerAplicaEventoEMarcaComoApagada() {
        fixture.given(new CategoriaCriadaEvent(ID, LOJA, "Bebidas", null, 2, true, T0))
               .when(new RemoverCategoriaCommand(ID, LOJA, T1))
               .expectResultMessagePayload(1L)
               .expectEvents(new CategoriaRemovidaEvent(ID, LOJA, "Bebidas", T1))
               .expectMarkedDeleted();
    }

    @Test
    void categoriaComProdutosNaoERemovida() {
        produtosVinculados = 2;
        fixture.given(new CategoriaCriadaEvent(ID, LOJA, "Bebidas", null, 2, true, T0))
               .when(new RemoverCategoriaCommand(ID, LOJA, T1))
               .expectNoEvents()
               .expectException(new CustomTypeSafeMatcher<ErroDeNegocio>("conflito com as contagens") {
                   @Override
                   protected boolean matchesSafely(ErroDeNegocio erro) {
                       return erro.codigo() == CodigoErro.CONFLITO
                               && Long.valueOf(2).equals(erro.detalhes().get("produtosVinculados"));
                   }
               });
    }

    /** Names taken per store, keyed by the case-folded name. */
    static class NomesEmMemoria implements NomesDeCategoria {
        final Map<String, String> ocupados = new HashMap<>();
        Integer ordemMaxima;

        @Override
        public void exigirLivre(String lojaId, String nome, String categoriaId) {
            String dono = ocupados.get(nome.toLowerCase());
            if (dono != null && !dono.equals(categoriaId)) {
                throw ErroDeNegocio.invalido("Já existe uma categoria chamada '" + nome + "' nesta loja");
            }
        }

        @Override
        public void travar(String lojaId, String nome) {
            // a single-threaded fixture has nothing to serialise
        }

        @Override
        public java.util.Optional<String> porNome(String lojaId, String nome) {
            return java.util.Optional.ofNullable(ocupados.get(nome.toLowerCase()));
        }

        @Override
        public int proximaOrdem(String lojaId) {
            return ordemMaxima == null ? 1 : ordemMaxima + 1;
        }
    }
}
