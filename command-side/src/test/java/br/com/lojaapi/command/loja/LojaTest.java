package br.com.lojaapi.command.loja;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.loja.AtualizarLojaCommand;
import br.com.lojaapi.coreapi.loja.CriarLojaCommand;
import br.com.lojaapi.coreapi.loja.DadosLoja;
import br.com.lojaapi.coreapi.loja.LojaAtualizadaEvent;
import br.com.lojaapi.coreapi.loja.LojaCriadaEvent;
import org.axonframework.eventsourcing.IncompatibleAggregateException;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

class LojaTest {

    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
    private static final DadosLoja DADOS = new DadosLoja("Mercado Azul", "mercado-azul", "12ABC34501DE35", null,
            null, null, null, null, null, null, null, null);

    private AggregateTestFixture<Loja> fixture;
    private final Set<String> slugsOcupados = new HashSet<>();

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Loja.class);
        fixture.registerInjectableResource((SlugsDeLoja) (slug, lojaId) -> {
            if (slugsOcupados.contains(slug)) {
                throw ErroDeNegocio.conflito("O slug '" + slug + "' já é usado por outra loja");
            }
        });
    }

    @Test
    void criarNormalizaDadosOpcionais() {
        DadosLoja enviado = new DadosLoja(" Mercado Azul ", "mercado-azul", "12.abc.345/01de-35", "Loja.Exemplo.com.BR",
                " ", "01310-100", null, null, null, null, null, "sp");
        fixture.givenNoPriorActivity()
               .when(new CriarLojaCommand("l1", enviado, T0))
               .expectResultMessagePayload(0L)
               .expectEvents(new LojaCriadaEvent("l1", new DadosLoja("Mercado Azul", "mercado-azul", "12ABC34501DE35",
                       "loja.exemplo.com.br", null, "01310100", null, null, null, null, null, "SP"), T0));
    }

    @Test
    void cnpjComDigitoErradoERecusado() {
        DadosLoja dados = new DadosLoja("X", "xyz", "12ABC34501DE36", null, null, null, null, null, null, null, null, null);
        fixture.givenNoPriorActivity()
               .when(new CriarLojaCommand("l1", dados, T0))
               .expectNoEvents()
               .expectException(ErroDeNegocio.class);
    }

    @Test
    void slugForaDoPadraoERecusado() {
        DadosLoja dados = new DadosLoja("X", "Loja_1", null, null, null, null, null, null, null, null, null, null);
        fixture.givenNoPriorActivity()
               .when(new CriarLojaCommand("l1", dados, T0))
               .expectNoEvents()
               .expectException(ErroDeNegocio.class);
    }

    @Test
    void slugDeOutraLojaERecusado() {
        slugsOcupados.add("mercado-azul");
        fixture.givenNoPriorActivity()
               .when(new CriarLojaCommand("l1", DADOS, T0))
               .expectNoEvents()
               .expectExceptionMessage("O slug 'mercado-azul' já é usado por outra loja");
    }

    @Test
    void atualizarSemMudancaNaoGeraEvento() {
        fixture.given(new LojaCriadaEvent("l1", DADOS, T0))
               .when(alteracao("Mercado Azul", null, null))
               .expectNoEvents()
               .expectResultMessagePayload(0L);
    }

    @Test
    void atualizarMudaSoOInformadoELimpaComVazio() {
        DadosLoja esperado = new DadosLoja("Mercado Azul", "mercado-azul", null, null, "11 99999-0000",
                null, null, null, null, null, null, null);
        fixture.given(new LojaCriadaEvent("l1", DADOS, T0))
               .when(alteracao(null, Optional.empty(), Optional.of("11 99999-0000")))
               .expectResultMessagePayload(1L)
               .expectEvents(new LojaAtualizadaEvent("l1", esperado, T0));
    }

    /** The gateway maps this refusal to 404: the id names no store. */
    @Test
    void idDeOutroTipoDeAgregadoNaoCarregaComoLoja() {
        fixture.given(new br.com.lojaapi.coreapi.categoria.CategoriaCriadaEvent("l1", "x", "n", null, 1, true, T0))
               .when(alteracao("Outra", null, null))
               .expectNoEvents()
               .expectException(IncompatibleAggregateException.class);
    }

    private static AtualizarLojaCommand alteracao(String nome, Optional<String> cnpj, Optional<String> telefone) {
        return new AtualizarLojaCommand("l1", nome, null, cnpj, null, telefone, null, null, null, null, null, null,
                null, T0);
    }
}
