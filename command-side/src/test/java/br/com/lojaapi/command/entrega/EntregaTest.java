package br.com.lojaapi.command.entrega;

import br.com.lojaapi.coreapi.comum.CodigoErro;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.entrega.AgendarTentativaCommand;
import br.com.lojaapi.coreapi.entrega.EntregaConcluidaEvent;
import br.com.lojaapi.coreapi.entrega.EntregaFalhouEvent;
import br.com.lojaapi.coreapi.entrega.EntregaIniciadaEvent;
import br.com.lojaapi.coreapi.entrega.IniciarEntregaCommand;
import br.com.lojaapi.coreapi.entrega.ReenviarEntregaCommand;
import br.com.lojaapi.coreapi.entrega.ReenvioSolicitadoEvent;
import br.com.lojaapi.coreapi.entrega.RegistrarTentativaCommand;
import br.com.lojaapi.coreapi.entrega.RegistrarTesteDeWebhookCommand;
import br.com.lojaapi.coreapi.entrega.TentativaRegistradaEvent;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.hamcrest.CustomTypeSafeMatcher;
import org.hamcrest.Matcher;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static br.com.lojaapi.command.entrega.UmaEntrega.ATRASOS;
import static br.com.lojaapi.command.entrega.UmaEntrega.ATRASOS_DO_REENVIO;
import static br.com.lojaapi.command.entrega.UmaEntrega.ID;
import static br.com.lojaapi.command.entrega.UmaEntrega.LOJA;
import static br.com.lojaapi.command.entrega.UmaEntrega.T0;
import static br.com.lojaapi.command.entrega.UmaEntrega.T1;
import static br.com.lojaapi.command.entrega.UmaEntrega.WEBHOOK;
import static br.com.lojaapi.command.entrega.UmaEntrega.agendada;

class EntregaTest {

    private static final String EVENTO = "pedido.criado";
    private static final String CORPO = "{\"evento\":\"pedido.criado\"}";
    private static final long DURACAO = 250;

    private static final EntregaIniciadaEvent INICIADA = new EntregaIniciadaEvent(ID, LOJA, WEBHOOK, EVENTO, CORPO,
            ATRASOS, T0, false);

    private AggregateTestFixture<Entrega> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Entrega.class);
    }

    private static Instant enviadoEm(int tentativa) {
        return T0.plusSeconds(600L * tentativa);
    }

    private static RegistrarTentativaCommand falha(int serie, int tentativa) {
        return new RegistrarTentativaCommand(ID, serie, tentativa, false, 503, DURACAO, "fora do ar",
                "o receptor respondeu HTTP 503", enviadoEm(tentativa), false);
    }

    private static RegistrarTentativaCommand sucesso(int serie, int tentativa) {
        return new RegistrarTentativaCommand(ID, serie, tentativa, true, 200, DURACAO, "ok", null,
                enviadoEm(tentativa), false);
    }

    private static TentativaRegistradaEvent registrada(RegistrarTentativaCommand c, Instant proxima) {
        return new TentativaRegistradaEvent(ID, LOJA, WEBHOOK, c.serie(), c.tentativa(), c.sucesso(), c.statusHttp(),
                c.duracaoMs(), c.resposta(), c.erro(), c.enviadoEm(), proxima);
    }

    /**
     * Series 1 as it stands once attempt {@code agendadas} is scheduled, every earlier one having failed. The start
     * schedules attempt 1 (decision 075): no event of its own.
     */
    private static List<Object> ateAgendar(int agendadas) {
        List<Object> historico = new ArrayList<>(List.of(INICIADA));
        for (int n = 1; n < agendadas; n++) {
            RegistrarTentativaCommand falha = falha(1, n);
            historico.add(registrada(falha, falha.enviadoEm().plusMillis(ATRASOS.get(n - 1))));
            historico.add(agendada(1, n + 1));
        }
        return historico;
    }

    private static List<Object> serieQueFalhou() {
        List<Object> historico = ateAgendar(5);
        historico.add(registrada(falha(1, 5), null));
        historico.add(new EntregaFalhouEvent(ID, LOJA, WEBHOOK, 1, 5, enviadoEm(5).plusMillis(DURACAO)));
        return historico;
    }

    private static ReenviarEntregaCommand reenviar(String lojaId, String webhookId) {
        return new ReenviarEntregaCommand(ID, lojaId, webhookId, ATRASOS_DO_REENVIO, T1, null);
    }

    private static Matcher<ErroDeNegocio> erro(CodigoErro codigo) {
        return new CustomTypeSafeMatcher<>("erro " + codigo) {
            @Override
            protected boolean matchesSafely(ErroDeNegocio erro) {
                return erro.codigo() == codigo;
            }
        };
    }

    @Test
    void iniciarAgendaAPrimeiraTentativaDaPrimeiraSerie() {
        fixture.givenNoPriorActivity()
               .when(new IniciarEntregaCommand(ID, LOJA, WEBHOOK, EVENTO, CORPO, ATRASOS, T0))
               .expectSuccessfulHandlerExecution()
               .expectEvents(INICIADA);
    }

    /** The start already scheduled attempt 1: asking for it again changes nothing, recording it is accepted. */
    @Test
    void aPrimeiraTentativaEstaAgendadaDesdeOInicio() {
        fixture.given(INICIADA)
               .when(new AgendarTentativaCommand(ID, 1, 1))
               .expectSuccessfulHandlerExecution()
               .expectNoEvents();
        fixture.given(INICIADA)
               .when(sucesso(1, 1))
               .expectSuccessfulHandlerExecution()
               .expectEvents(registrada(sucesso(1, 1), null));
    }

    /** A first attempt that succeeds is two events in all: the start and the attempt, which ends the series. */
    @Test
    void sucessoNaPrimeiraTentativaEncerraASerieSemOutroEvento() {
        List<Object> entregue = List.of(INICIADA, registrada(sucesso(1, 1), null));
        fixture.given(entregue)
               .when(sucesso(1, 1))
               .expectSuccessfulHandlerExecution()
               .expectNoEvents();
        fixture.given(entregue)
               .when(new AgendarTentativaCommand(ID, 1, 2))
               .expectSuccessfulHandlerExecution()
               .expectNoEvents();
        fixture.given(entregue)
               .when(reenviar(LOJA, WEBHOOK))
               .expectResultMessagePayload(2)
               .expectEvents(new ReenvioSolicitadoEvent(ID, LOJA, WEBHOOK, 2, ATRASOS_DO_REENVIO, T1, null),
                       agendada(2, 1));
        fixture.given(entregue)
               .when(recuperar(RECUPERACAO))
               .expectResultMessagePayload(2)
               .expectEvents(new ReenvioSolicitadoEvent(ID, LOJA, WEBHOOK, 2, ATRASOS_DO_REENVIO, T1, RECUPERACAO),
                       agendada(2, 1));
    }

    /**
     * A delivery stored before decision 075 has attempt 1 scheduled by an event of its own and its success followed
     * by an {@link EntregaConcluidaEvent}: it obeys the same rules.
     */
    @Test
    void entregaGravadaNaFormaAntigaSegueAsMesmasRegras() {
        List<Object> agendadaAntiga = List.of(INICIADA, agendada(1, 1));
        fixture.given(agendadaAntiga)
               .when(new AgendarTentativaCommand(ID, 1, 1))
               .expectSuccessfulHandlerExecution()
               .expectNoEvents();
        fixture.given(agendadaAntiga)
               .when(sucesso(1, 1))
               .expectEvents(registrada(sucesso(1, 1), null));
        RegistrarTentativaCommand falha = falha(1, 1);
        fixture.given(agendadaAntiga)
               .when(falha)
               .expectEvents(registrada(falha, enviadoEm(1).plusMillis(ATRASOS.get(0))));
        List<Object> entregueAntiga = new ArrayList<>(agendadaAntiga);
        entregueAntiga.add(registrada(sucesso(1, 1), null));
        entregueAntiga.add(new EntregaConcluidaEvent(ID, LOJA, WEBHOOK, 1, 1, enviadoEm(1).plusMillis(DURACAO)));
        fixture.given(entregueAntiga)
               .when(sucesso(1, 1))
               .expectSuccessfulHandlerExecution()
               .expectNoEvents();
        fixture.given(entregueAntiga)
               .when(reenviar(LOJA, WEBHOOK))
               .expectResultMessagePayload(2)
               .expectEvents(new ReenvioSolicitadoEvent(ID, LOJA, WEBHOOK, 2, ATRASOS_DO_REENVIO, T1, null),
                       agendada(2, 1));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void falhaAntesDaUltimaMarcaAProximaComOAtrasoDaVez(int tentativa) {
        RegistrarTentativaCommand falha = falha(1, tentativa);
        fixture.given(ateAgendar(tentativa))
               .when(falha)
               .expectSuccessfulHandlerExecution()
               .expectEvents(registrada(falha, enviadoEm(tentativa).plusMillis(ATRASOS.get(tentativa - 1))));
    }

    @Test
    void sucessoConcluiAEntrega() {
        fixture.given(ateAgendar(2))
               .when(sucesso(1, 2))
               .expectEvents(registrada(sucesso(1, 2), null));
    }

    /** Four delays mean five attempts: the fifth failure has no next one. */
    @Test
    void cincoFalhasTerminamComoFalha() {
        fixture.given(ateAgendar(5))
               .when(falha(1, 5))
               .expectEvents(registrada(falha(1, 5), null),
                       new EntregaFalhouEvent(ID, LOJA, WEBHOOK, 1, 5, enviadoEm(5).plusMillis(DURACAO)));
    }

    @Test
    void falhaDefinitivaTerminaNaHoraSemEsperarAsOutrasTentativas() {
        RegistrarTentativaCommand definitiva = new RegistrarTentativaCommand(ID, 1, 1, false, null, 3, null,
                "o webhook foi removido; a entrega foi encerrada", enviadoEm(1), true);
        fixture.given(ateAgendar(1))
               .when(definitiva)
               .expectEvents(registrada(definitiva, null),
                       new EntregaFalhouEvent(ID, LOJA, WEBHOOK, 1, 1, enviadoEm(1).plusMillis(3)));
    }

    @Test
    void registrarAMesmaTentativaDuasVezesNaoMudaNada() {
        List<Object> historico = ateAgendar(1);
        historico.add(registrada(falha(1, 1), enviadoEm(1).plusMillis(ATRASOS.get(0))));
        fixture.given(historico)
               .when(falha(1, 1))
               .expectSuccessfulHandlerExecution()
               .expectNoEvents();
    }

    @Test
    void registrarTentativaQueNaoFoiAgendadaNaoMudaNada() {
        fixture.given(ateAgendar(1))
               .when(falha(1, 2))
               .expectSuccessfulHandlerExecution()
               .expectNoEvents();
        fixture.given(ateAgendar(1))
               .when(falha(2, 1))
               .expectSuccessfulHandlerExecution()
               .expectNoEvents();
    }

    @Test
    void registrarDepoisDoFimNaoMudaNada() {
        fixture.given(serieQueFalhou())
               .when(sucesso(1, 5))
               .expectSuccessfulHandlerExecution()
               .expectNoEvents();
    }

    @Test
    void agendarAProximaDepoisDeUmaFalhaAplicaOAgendamento() {
        List<Object> historico = ateAgendar(1);
        historico.add(registrada(falha(1, 1), enviadoEm(1).plusMillis(ATRASOS.get(0))));
        fixture.given(historico)
               .when(new AgendarTentativaCommand(ID, 1, 2))
               .expectEvents(agendada(1, 2));
    }

    @Test
    void agendarRepetidoOuForaDeOrdemNaoMudaNada() {
        List<Object> aposFalha = ateAgendar(1);
        aposFalha.add(registrada(falha(1, 1), enviadoEm(1).plusMillis(ATRASOS.get(0))));
        for (AgendarTentativaCommand errado : List.of(new AgendarTentativaCommand(ID, 2, 2),
                new AgendarTentativaCommand(ID, 1, 3), new AgendarTentativaCommand(ID, 1, 1))) {
            fixture.given(aposFalha)
                   .when(errado)
                   .expectSuccessfulHandlerExecution()
                   .expectNoEvents();
        }
        fixture.given(ateAgendar(2))
               .when(new AgendarTentativaCommand(ID, 1, 2))
               .expectSuccessfulHandlerExecution()
               .expectNoEvents();
    }

    @Test
    void agendarDepoisDoFimNaoMudaNada() {
        fixture.given(serieQueFalhou())
               .when(new AgendarTentativaCommand(ID, 1, 6))
               .expectSuccessfulHandlerExecution()
               .expectNoEvents();
    }

    @Test
    void reenviarDuranteAsTentativasEConflito() {
        fixture.given(ateAgendar(3))
               .when(reenviar(LOJA, WEBHOOK))
               .expectNoEvents()
               .expectException(erro(CodigoErro.CONFLITO));
    }

    /** Checked before the conflict, so another store cannot even learn that the delivery is running. */
    @Test
    void reenviarDeOutraLojaOuDeOutroWebhookNaoEncontra() {
        for (List<Object> historico : List.of(serieQueFalhou(), ateAgendar(1))) {
            fixture.given(historico)
                   .when(reenviar("loja-2", WEBHOOK))
                   .expectNoEvents()
                   .expectException(erro(CodigoErro.NAO_ENCONTRADO));
            fixture.given(historico)
                   .when(reenviar(LOJA, "wh-2"))
                   .expectNoEvents()
                   .expectException(erro(CodigoErro.NAO_ENCONTRADO));
        }
    }

    @Test
    void reenviarDepoisDaFalhaAbreASegundaSerie() {
        fixture.given(serieQueFalhou())
               .when(reenviar(LOJA, WEBHOOK))
               .expectSuccessfulHandlerExecution()
               .expectResultMessagePayload(2)
               .expectEvents(new ReenvioSolicitadoEvent(ID, LOJA, WEBHOOK, 2, ATRASOS_DO_REENVIO, T1, null),
                       agendada(2, 1));
    }

    @Test
    void reenviarDepoisDoSucessoTambemAbreNovaSerie() {
        List<Object> historico = ateAgendar(2);
        historico.add(registrada(sucesso(1, 2), null));
        fixture.given(historico)
               .when(reenviar(LOJA, WEBHOOK))
               .expectResultMessagePayload(2)
               .expectEvents(new ReenvioSolicitadoEvent(ID, LOJA, WEBHOOK, 2, ATRASOS_DO_REENVIO, T1, null),
                       agendada(2, 1));
    }

    @Test
    void aNovaSerieRecomecaAContagemComOsAtrasosDoReenvio() {
        List<Object> historico = serieQueFalhou();
        historico.add(new ReenvioSolicitadoEvent(ID, LOJA, WEBHOOK, 2, ATRASOS_DO_REENVIO, T1, null));
        historico.add(agendada(2, 1));
        fixture.given(historico)
               .when(falha(2, 1))
               .expectEvents(registrada(falha(2, 1), enviadoEm(1).plusMillis(ATRASOS_DO_REENVIO.get(0))));
        fixture.given(historico)
               .when(falha(1, 1))
               .expectSuccessfulHandlerExecution()
               .expectNoEvents();
    }

    /** Two delays mean three attempts in the new series, not the five of the first one. */
    @Test
    void aNovaSerieTerminaNoNumeroDeTentativasDoReenvio() {
        List<Object> historico = serieQueFalhou();
        historico.add(new ReenvioSolicitadoEvent(ID, LOJA, WEBHOOK, 2, ATRASOS_DO_REENVIO, T1, null));
        historico.add(agendada(2, 1));
        for (int n = 1; n < 3; n++) {
            historico.add(registrada(falha(2, n), enviadoEm(n).plusMillis(ATRASOS_DO_REENVIO.get(n - 1))));
            historico.add(agendada(2, n + 1));
        }
        fixture.given(historico)
               .when(falha(2, 3))
               .expectEvents(registrada(falha(2, 3), null),
                       new EntregaFalhouEvent(ID, LOJA, WEBHOOK, 2, 3, enviadoEm(3).plusMillis(DURACAO)));
    }

    private static final String RECUPERACAO = "recuperacao-1";
    private static final String TESTE = "{\"evento\":\"webhook.teste\"}";

    private static ReenviarEntregaCommand recuperar(String recuperacaoId) {
        return new ReenviarEntregaCommand(ID, LOJA, WEBHOOK, ATRASOS_DO_REENVIO, T1, recuperacaoId);
    }

    private static RegistrarTesteDeWebhookCommand teste(boolean sucesso) {
        return new RegistrarTesteDeWebhookCommand(ID, LOJA, WEBHOOK, "webhook.teste", TESTE, sucesso,
                sucesso ? 200 : 500, DURACAO, "ok", sucesso ? null : "o receptor respondeu HTTP 500", T0);
    }

    private static List<Object> testeQueFalhou() {
        return List.of(new EntregaIniciadaEvent(ID, LOJA, WEBHOOK, "webhook.teste", TESTE, List.of(), T0, true),
                new TentativaRegistradaEvent(ID, LOJA, WEBHOOK, 1, 1, false, 500, DURACAO, "ok",
                        "o receptor respondeu HTTP 500", T0, null),
                new EntregaFalhouEvent(ID, LOJA, WEBHOOK, 1, 1, T0.plusMillis(DURACAO)));
    }

    /** Its attempt was made before the command: nothing is scheduled, so nothing is ever queued for it. */
    @Test
    void testeNasceComSuaTentativaJaFeitaESemNadaAgendado() {
        fixture.givenNoPriorActivity()
               .when(teste(false))
               .expectSuccessfulHandlerExecution()
               .expectEvents(testeQueFalhou().toArray());
        fixture.givenNoPriorActivity()
               .when(teste(true))
               .expectEvents(new EntregaIniciadaEvent(ID, LOJA, WEBHOOK, "webhook.teste", TESTE, List.of(), T0, true),
                       new TentativaRegistradaEvent(ID, LOJA, WEBHOOK, 1, 1, true, 200, DURACAO, "ok", null, T0, null));
    }

    @Test
    void testeNuncaTemOutraTentativaNemReenvioNemRecuperacao() {
        fixture.given(testeQueFalhou())
               .when(new AgendarTentativaCommand(ID, 1, 2))
               .expectSuccessfulHandlerExecution()
               .expectNoEvents();
        fixture.given(testeQueFalhou())
               .when(falha(1, 1))
               .expectSuccessfulHandlerExecution()
               .expectNoEvents();
        fixture.given(testeQueFalhou())
               .when(reenviar(LOJA, WEBHOOK))
               .expectNoEvents()
               .expectException(erro(CodigoErro.CONFLITO));
        fixture.given(testeQueFalhou())
               .when(recuperar(RECUPERACAO))
               .expectNoEvents()
               .expectException(erro(CodigoErro.CONFLITO));
    }

    @Test
    void recuperacaoAbreNovaSerieMarcadaComEla() {
        fixture.given(serieQueFalhou())
               .when(recuperar(RECUPERACAO))
               .expectSuccessfulHandlerExecution()
               .expectResultMessagePayload(2)
               .expectEvents(new ReenvioSolicitadoEvent(ID, LOJA, WEBHOOK, 2, ATRASOS_DO_REENVIO, T1, RECUPERACAO),
                       agendada(2, 1));
    }

    /** The recovery's task run again (a node died midway): the series it already opened is not opened twice. */
    @Test
    void aMesmaRecuperacaoNaoAbreSegundaSerie() {
        List<Object> historico = serieQueFalhou();
        historico.add(new ReenvioSolicitadoEvent(ID, LOJA, WEBHOOK, 2, ATRASOS_DO_REENVIO, T1, RECUPERACAO));
        historico.add(agendada(2, 1));
        fixture.given(historico)
               .when(recuperar(RECUPERACAO))
               .expectSuccessfulHandlerExecution()
               .expectResultMessagePayload(2)
               .expectNoEvents();
        historico.add(registrada(sucesso(2, 1), null));
        fixture.given(historico)
               .when(recuperar(RECUPERACAO))
               .expectSuccessfulHandlerExecution()
               .expectResultMessagePayload(2)
               .expectNoEvents();
        fixture.given(historico)
               .when(recuperar("recuperacao-2"))
               .expectResultMessagePayload(3)
               .expectEvents(new ReenvioSolicitadoEvent(ID, LOJA, WEBHOOK, 3, ATRASOS_DO_REENVIO, T1,
                       "recuperacao-2"), agendada(3, 1));
    }

    /** A recovery only needs the delivery to finish a series: one already running is left as it is. */
    @Test
    void recuperacaoDeEntregaEmAndamentoMantemASerieAtual() {
        fixture.given(ateAgendar(2))
               .when(recuperar(RECUPERACAO))
               .expectSuccessfulHandlerExecution()
               .expectResultMessagePayload(1)
               .expectNoEvents();
        fixture.given(ateAgendar(2))
               .when(reenviar(LOJA, WEBHOOK))
               .expectNoEvents()
               .expectException(erro(CodigoErro.CONFLITO));
    }
}
