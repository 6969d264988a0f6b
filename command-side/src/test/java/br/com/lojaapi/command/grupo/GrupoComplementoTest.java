package br.com.lojaapi.command.grupo;

import br.com.lojaapi.coreapi.grupo.AlteracaoGrupo;
import br.com.lojaapi.coreapi.grupo.AlterarGrupoComplementoCommand;
import br.com.lojaapi.coreapi.grupo.CriarGrupoComplementoCommand;
import br.com.lojaapi.coreapi.grupo.DadosGrupo;
import br.com.lojaapi.coreapi.grupo.GrupoComplementoAtualizadoEvent;
import br.com.lojaapi.coreapi.grupo.GrupoComplementoCriadoEvent;
import br.com.lojaapi.coreapi.grupo.GrupoComplementoRemovidoEvent;
import br.com.lojaapi.coreapi.grupo.ItemComplemento;
import br.com.lojaapi.coreapi.grupo.RemoverGrupoComplementoCommand;
import br.com.lojaapi.coreapi.grupo.ResultadoDeGrupo;
import br.com.lojaapi.coreapi.grupo.TipoGrupo;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.hamcrest.FeatureMatcher;
import org.hamcrest.Matcher;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

class GrupoComplementoTest {

    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
    private static final ItemComplemento BACON = new ItemComplemento("Bacon", new BigDecimal("3.50"), null, null);
    private static final ItemComplemento OVO = new ItemComplemento("Ovo", new BigDecimal("2.00"), 10, 7L);

    private AggregateTestFixture<GrupoComplemento> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(GrupoComplemento.class);
    }

    @Test
    void criarComPadroes() {
        fixture.givenNoPriorActivity()
               .when(new CriarGrupoComplementoCommand("g1", "l1", alteracao("Adicionais", null, List.of(BACON, OVO)), T0))
               .expectResultMessagePayload(new ResultadoDeGrupo(0L, List.of()))
               .expectEvents(new GrupoComplementoCriadoEvent("g1", "l1",
                       new DadosGrupo("Adicionais", TipoGrupo.SELECAO, false, 0, 1, 0, List.of(BACON, OVO)), T0));
    }

    @Test
    void multiplaPermiteTodosOsItensPorPadrao() {
        fixture.givenNoPriorActivity()
               .when(new CriarGrupoComplementoCommand("g1", "l1", alteracao("Extras", TipoGrupo.MULTIPLA,
                       List.of(BACON, OVO)), T0))
               .expectEvents(new GrupoComplementoCriadoEvent("g1", "l1",
                       new DadosGrupo("Extras", TipoGrupo.MULTIPLA, false, 0, 2, 0, List.of(BACON, OVO)), T0));
    }

    @Test
    void itensSaoObrigatorios() {
        fixture.givenNoPriorActivity()
               .when(new CriarGrupoComplementoCommand("g1", "l1", alteracao("X", null, List.of()), T0))
               .expectNoEvents().expectExceptionMessage("itens: informe ao menos um item");
    }

    @Test
    void itemSemPrecoERecusadoPeloIndice() {
        fixture.givenNoPriorActivity()
               .when(new CriarGrupoComplementoCommand("g1", "l1", alteracao("X", null,
                       List.of(BACON, new ItemComplemento("Queijo", null, null, null))), T0))
               .expectNoEvents().expectExceptionMessage("itens[1].preco é obrigatório");
    }

    @Test
    void selecaoComMaximoDoisEGuardadaComoEnviadaComAviso() {
        AlteracaoGrupo dados = new AlteracaoGrupo(Optional.of("X"), null, null, Optional.of(0), Optional.of(2), null,
                Optional.of(List.of(BACON, OVO)));
        fixture.givenNoPriorActivity()
               .when(new CriarGrupoComplementoCommand("g1", "l1", dados, T0))
               .expectEvents(new GrupoComplementoCriadoEvent("g1", "l1",
                       new DadosGrupo("X", TipoGrupo.SELECAO, false, 0, 2, 0, List.of(BACON, OVO)), T0))
               .expectResultMessagePayloadMatching(avisos(contains("tipo SELECAO (uma opção) com maximo 2")));
    }

    @Test
    void maximoAcimaDoNumeroDeItensEGuardadoComAviso() {
        AlteracaoGrupo dados = new AlteracaoGrupo(Optional.of("X"), Optional.of(TipoGrupo.MULTIPLA), null, null,
                Optional.of(3), null, Optional.of(List.of(BACON)));
        fixture.givenNoPriorActivity()
               .when(new CriarGrupoComplementoCommand("g1", "l1", dados, T0))
               .expectEvents(new GrupoComplementoCriadoEvent("g1", "l1",
                       new DadosGrupo("X", TipoGrupo.MULTIPLA, false, 0, 3, 0, List.of(BACON)), T0))
               .expectResultMessagePayloadMatching(avisos(contains("maximo (3) passa do número de itens (1)")));
    }

    @Test
    void minimoAcimaDoMaximoERecusadoPorqueNenhumaEscolhaOSatisfaz() {
        AlteracaoGrupo dados = new AlteracaoGrupo(Optional.of("X"), Optional.of(TipoGrupo.MULTIPLA), null,
                Optional.of(3), Optional.of(2), null, Optional.of(List.of(BACON, OVO)));
        fixture.givenNoPriorActivity()
               .when(new CriarGrupoComplementoCommand("g1", "l1", dados, T0))
               .expectNoEvents().expectExceptionMessage("minimo (3) não pode passar de maximo (2)");
    }

    @Test
    void maximoNegativoERecusado() {
        fixture.given(CRIADO)
               .when(new AlterarGrupoComplementoCommand("g1", "l1", new AlteracaoGrupo(null, null, null, null,
                       Optional.of(-1), null, null), T0))
               .expectNoEvents().expectExceptionMessage("maximo deve estar entre 0 e 1000000");
    }

    @Test
    void menosItensQueOMaximoNoPutEAceitoComAviso() {
        fixture.given(new GrupoComplementoCriadoEvent("g1", "l1",
                       new DadosGrupo("Extras", TipoGrupo.MULTIPLA, false, 0, 2, 0, List.of(BACON, OVO)), T0))
               .when(new AlterarGrupoComplementoCommand("g1", "l1", new AlteracaoGrupo(null, null, null, null, null, null,
                       Optional.of(List.of(OVO))), T0))
               .expectEvents(new GrupoComplementoAtualizadoEvent("g1", "l1",
                       new DadosGrupo("Extras", TipoGrupo.MULTIPLA, false, 0, 2, 0, List.of(OVO)), T0))
               .expectResultMessagePayloadMatching(avisos(contains("maximo (2) passa do número de itens (1)")));
    }

    @Test
    void alterarItensSubstituiALista() {
        fixture.given(new GrupoComplementoCriadoEvent("g1", "l1",
                       new DadosGrupo("Adicionais", TipoGrupo.SELECAO, false, 0, 1, 0, List.of(BACON, OVO)), T0))
               .when(new AlterarGrupoComplementoCommand("g1", "l1", new AlteracaoGrupo(null, null, null, null, null, null,
                       Optional.of(List.of(OVO))), T0))
               .expectEvents(new GrupoComplementoAtualizadoEvent("g1", "l1",
                       new DadosGrupo("Adicionais", TipoGrupo.SELECAO, false, 0, 1, 0, List.of(OVO)), T0));
    }

    private static final GrupoComplementoCriadoEvent CRIADO = new GrupoComplementoCriadoEvent("g1", "l1",
            new DadosGrupo("Adicionais", TipoGrupo.SELECAO, false, 0, 1, 0, List.of(BACON)), T0);

    @Test
    void outraLojaNaoEncontra() {
        fixture.given(CRIADO)
               .when(new RemoverGrupoComplementoCommand("g1", "l2", T0))
               .expectNoEvents().expectExceptionMessage(GrupoComplemento.NAO_ENCONTRADO);
    }

    @Test
    void removerApaga() {
        fixture.given(CRIADO)
               .when(new RemoverGrupoComplementoCommand("g1", "l1", T0))
               .expectEvents(new GrupoComplementoRemovidoEvent("g1", "l1", "Adicionais", T0))
               .expectMarkedDeleted();
    }

    private static Matcher<Object> avisos(Matcher<? super List<String>> esperado) {
        return new FeatureMatcher<Object, List<String>>(esperado, "avisos", "avisos") {
            @Override
            protected List<String> featureValueOf(Object resultado) {
                return ((ResultadoDeGrupo) resultado).avisos();
            }
        };
    }

    private static Matcher<Iterable<? super String>> contains(String trecho) {
        return Matchers.hasItem(Matchers.containsString(trecho));
    }

    private static AlteracaoGrupo alteracao(String nome, TipoGrupo tipo, List<ItemComplemento> itens) {
        return new AlteracaoGrupo(Optional.of(nome), tipo == null ? null : Optional.of(tipo), null, null, null, null,
                Optional.of(itens));
    }
}
