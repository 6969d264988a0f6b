package br.com.lojaapi.command.entrega;

import br.com.lojaapi.command.entrega.EntregaSaga.ProximaTentativa;
import br.com.lojaapi.coreapi.entrega.AgendarTentativaCommand;
import br.com.lojaapi.coreapi.entrega.EntregaConcluidaEvent;
import br.com.lojaapi.coreapi.entrega.EntregaFalhouEvent;
import br.com.lojaapi.coreapi.entrega.EntregaIniciadaEvent;
import br.com.lojaapi.coreapi.entrega.ReenvioSolicitadoEvent;
import br.com.lojaapi.coreapi.entrega.TentativaRegistradaEvent;
import org.axonframework.commandhandling.gateway.DefaultCommandGateway;
import org.axonframework.modelling.saga.SimpleResourceInjector;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.json.JacksonSerializer;
import org.axonframework.test.deadline.StubDeadlineManager;
import org.axonframework.test.saga.ContinuedGivenState;
import org.axonframework.test.saga.SagaTestFixture;
import org.axonframework.test.utils.RecordingCommandBus;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;

import static br.com.lojaapi.command.entrega.UmaEntrega.ATRASOS;
import static br.com.lojaapi.command.entrega.UmaEntrega.ATRASOS_DO_REENVIO;
import static br.com.lojaapi.command.entrega.UmaEntrega.ID;
import static br.com.lojaapi.command.entrega.UmaEntrega.LOJA;
import static br.com.lojaapi.command.entrega.UmaEntrega.T0;
import static br.com.lojaapi.command.entrega.UmaEntrega.T1;
import static br.com.lojaapi.command.entrega.UmaEntrega.WEBHOOK;
import static br.com.lojaapi.command.entrega.UmaEntrega.agendada;
import static org.assertj.core.api.Assertions.assertThat;

class EntregaSagaTest {

    private static final EntregaIniciadaEvent INICIADA = new EntregaIniciadaEvent(ID, LOJA, WEBHOOK, "pedido.criado",
            "{}", ATRASOS, T0, false);

    private SagaTestFixture<EntregaSaga> fixture;

    @BeforeEach
    void setUp() {
        fixture = new SagaTestFixture<>(EntregaSaga.class);
    }

    /** Each attempt of series 1 goes out the moment it is due, the first at T0. */
    private static Instant enviadoEm(int tentativa) {
        return tentativa == 1 ? T0 : proximaEm(tentativa - 1);
    }

    private static Instant proximaEm(int tentativa) {
        return tentativa > ATRASOS.size() ? null : enviadoEm(tentativa).plusMillis(ATRASOS.get(tentativa - 1));
    }

    private static TentativaRegistradaEvent falha(String entregaId, int serie, int tentativa, Instant enviadoEm,
                                                  Instant proximaEm) {
        return new TentativaRegistradaEvent(entregaId, LOJA, WEBHOOK, serie, tentativa, false, 503, 250, null,
                "o receptor respondeu HTTP 503", enviadoEm, proximaEm);
    }

    private static TentativaRegistradaEvent falha(int tentativa) {
        return falha(ID, 1, tentativa, enviadoEm(tentativa), proximaEm(tentativa));
    }

    /**
     * Series 1 as the saga lived it up to failure {@code falhas}: every earlier wait ran out and dispatched its
     * command in the given phase, so only the wait after the last failure is still pending.
     */
    private ContinuedGivenState aposFalhas(int falhas) throws Exception {
        ContinuedGivenState estado = fixture.givenCurrentTime(T0)
                                            .andThenAggregate(ID).published(INICIADA, falha(1));
        for (int n = 2; n <= falhas; n++) {
            estado = estado.andThenTimeAdvancesTo(proximaEm(n - 1))
                           .andThenAggregate(ID).published(agendada(1, n), falha(n));
        }
        return estado;
    }

    private ContinuedGivenState serieQueFalhou() throws Exception {
        return aposFalhas(5).andThenAggregate(ID)
                            .published(new EntregaFalhouEvent(ID, LOJA, WEBHOOK, 1, 5, proximaEm(4).plusMillis(250)));
    }

    @Test
    void falhaAgendaOPrazoDaProximaTentativaComOAtrasoConfigurado() {
        Instant prazo = T0.plusMillis(ATRASOS.get(0));
        fixture.givenCurrentTime(T0)
               .andThenAggregate(ID).published(INICIADA)
               .whenAggregate(ID).publishes(falha(ID, 1, 1, T0, prazo))
               .expectSuccessfulHandlerExecution()
               .expectActiveSagas(1)
               .expectScheduledDeadline(prazo, new ProximaTentativa(ID, 1, 2))
               .expectScheduledDeadlineWithName(prazo, EntregaSaga.PROXIMA_TENTATIVA)
               .expectNoDispatchedCommands();
    }

    @Test
    void prazoVencidoPedeAProximaTentativa() throws Exception {
        aposFalhas(1).whenTimeElapses(Duration.ofMillis(ATRASOS.get(0)))
                     .expectSuccessfulHandlerExecution()
                     .expectTriggeredDeadlines(new ProximaTentativa(ID, 1, 2))
                     .expectDispatchedCommands(new AgendarTentativaCommand(ID, 1, 2))
                     .expectNoScheduledDeadlines();
    }

    @Test
    void antesDoPrazoNadaEPedido() throws Exception {
        aposFalhas(1).whenTimeElapses(Duration.ofMillis(ATRASOS.get(0) - 1))
                     .expectSuccessfulHandlerExecution()
                     .expectNoDispatchedCommands()
                     .expectScheduledDeadline(proximaEm(1), new ProximaTentativa(ID, 1, 2));
    }

    @Test
    void aQuintaFalhaNaoAgendaMaisNada() throws Exception {
        aposFalhas(4).andThenTimeAdvancesTo(proximaEm(4))
                     .andThenAggregate(ID).published(agendada(1, 5))
                     .whenAggregate(ID).publishes(falha(5))
                     .expectSuccessfulHandlerExecution()
                     .expectActiveSagas(0)
                     .expectNoScheduledDeadlines()
                     .expectNoDispatchedCommands();
    }

    @Test
    void cincoFalhasTerminamComoFalha() throws Exception {
        aposFalhas(5).whenAggregate(ID)
                     .publishes(new EntregaFalhouEvent(ID, LOJA, WEBHOOK, 1, 5, proximaEm(4).plusMillis(250)))
                     .expectSuccessfulHandlerExecution()
                     .expectActiveSagas(0)
                     .expectNoScheduledDeadlines()
                     .expectNoDispatchedCommands();
    }

    /** The successful attempt itself ends the saga (decision 075: no event of its own says it is delivered). */
    @Test
    void sucessoEncerraASaga() throws Exception {
        TentativaRegistradaEvent sucesso = new TentativaRegistradaEvent(ID, LOJA, WEBHOOK, 1, 2, true, 200, 250, "ok",
                null, proximaEm(1), null);
        aposFalhas(1).andThenTimeAdvancesTo(proximaEm(1))
                     .andThenAggregate(ID).published(agendada(1, 2))
                     .whenAggregate(ID).publishes(sucesso)
                     .expectSuccessfulHandlerExecution()
                     .expectActiveSagas(0)
                     .expectNoScheduledDeadlines()
                     .expectNoDispatchedCommands();
    }

    /** A delivery stored before decision 075 ends its saga the same way; the end event after it changes nothing. */
    @Test
    void sucessoGravadoNaFormaAntigaEncerraASaga() throws Exception {
        TentativaRegistradaEvent sucesso = new TentativaRegistradaEvent(ID, LOJA, WEBHOOK, 1, 2, true, 200, 250, "ok",
                null, proximaEm(1), null);
        aposFalhas(1).andThenTimeAdvancesTo(proximaEm(1))
                     .andThenAggregate(ID).published(agendada(1, 2), sucesso)
                     .whenAggregate(ID)
                     .publishes(new EntregaConcluidaEvent(ID, LOJA, WEBHOOK, 1, 2, proximaEm(1).plusMillis(250)))
                     .expectSuccessfulHandlerExecution()
                     .expectActiveSagas(0)
                     .expectNoScheduledDeadlines()
                     .expectNoDispatchedCommands();
    }

    /**
     * A node down through the wait after the third failure: on the way back the overdue deadline fires once, and
     * asks for the fourth attempt, not for one already dispatched.
     */
    @Test
    void recarregarASagaDepoisDeUmaParadaContinuaOsPrazos() throws Exception {
        aposFalhas(3).whenTimeAdvancesTo(proximaEm(3).plus(Duration.ofHours(2)))
                     .expectSuccessfulHandlerExecution()
                     .expectDispatchedCommands(new AgendarTentativaCommand(ID, 1, 4))
                     .expectNoScheduledDeadlines()
                     .expectActiveSagas(1);
    }

    @Test
    void recarregarASagaAntesDoPrazoNaoAdiantaATentativa() throws Exception {
        aposFalhas(3).whenTimeAdvancesTo(proximaEm(3).minusMillis(1))
                     .expectSuccessfulHandlerExecution()
                     .expectNoDispatchedCommands()
                     .expectScheduledDeadline(proximaEm(3), new ProximaTentativa(ID, 1, 4));
    }

    /** A delivery, or a new series, costs no stored saga until an attempt of it fails. */
    @Test
    void entregaOuReenvioSoCriaSagaNaPrimeiraFalha() throws Exception {
        fixture.givenCurrentTime(T0)
               .whenAggregate(ID).publishes(INICIADA)
               .expectActiveSagas(0);
        serieQueFalhou().whenAggregate(ID)
                        .publishes(new ReenvioSolicitadoEvent(ID, LOJA, WEBHOOK, 2, ATRASOS_DO_REENVIO, T1, null))
                        .expectSuccessfulHandlerExecution()
                        .expectActiveSagas(0)
                        .expectNoDispatchedCommands();
    }

    @Test
    void sucessoNaPrimeiraTentativaNaoDeixaSaga() {
        fixture.givenCurrentTime(T0)
               .andThenAggregate(ID).published(INICIADA)
               .whenAggregate(ID).publishes(
                       new TentativaRegistradaEvent(ID, LOJA, WEBHOOK, 1, 1, true, 200, 40, "ok", null, T0, null))
               .expectSuccessfulHandlerExecution()
               .expectActiveSagas(0)
               .expectNoScheduledDeadlines()
               .expectNoDispatchedCommands();
    }

    @Test
    void aSerieDoReenvioEsperaOSeuAtrasoEPedeATentativaDaSuaSerie() throws Exception {
        Instant prazo = T1.plusMillis(ATRASOS_DO_REENVIO.get(0));
        serieQueFalhou().andThenAggregate(ID)
                        .published(new ReenvioSolicitadoEvent(ID, LOJA, WEBHOOK, 2, ATRASOS_DO_REENVIO, T1, null),
                                agendada(2, 1), falha(ID, 2, 1, T1, prazo))
                        .whenTimeAdvancesTo(prazo)
                        .expectSuccessfulHandlerExecution()
                        .expectDispatchedCommands(new AgendarTentativaCommand(ID, 2, 2));
    }

    @Test
    void falhaDeOutraEntregaNaoMexeNestaSaga() throws Exception {
        aposFalhas(1).whenAggregate("entrega-2").publishes(falha("entrega-2", 1, 1, T0, T0.plusSeconds(1)))
                     .expectSuccessfulHandlerExecution()
                     .expectActiveSagas(2)
                     .expectScheduledDeadline(proximaEm(1), new ProximaTentativa(ID, 1, 2))
                     .expectScheduledDeadline(T0.plusSeconds(1), new ProximaTentativa("entrega-2", 1, 2));
    }

    /**
     * What a restart really reloads: the saga and the deadline's payload come back from JSON, and only then are
     * the gateway and the deadline manager injected again.
     */
    @Test
    void estadoEPrazoSobrevivemAoJsonDeUmReinicio() throws Exception {
        Serializer json = JacksonSerializer.defaultSerializer();
        EntregaSaga original = new EntregaSaga();
        // the state a first failure leaves (its handler needs an Axon scope to schedule the deadline)
        var campo = EntregaSaga.class.getDeclaredField("entregaId");
        campo.setAccessible(true);
        campo.set(original, ID);

        SerializedObject<byte[]> sagaSalva = json.serialize(original, byte[].class);
        SerializedObject<byte[]> prazoSalvo = json.serialize(new ProximaTentativa(ID, 1, 3), byte[].class);
        assertThat(new String(sagaSalva.getData(), StandardCharsets.UTF_8)).isEqualTo("{\"entregaId\":\"" + ID + "\"}");

        EntregaSaga recarregada = json.deserialize(sagaSalva);
        RecordingCommandBus comandos = new RecordingCommandBus();
        new SimpleResourceInjector(DefaultCommandGateway.builder().commandBus(comandos).build(),
                new StubDeadlineManager()).injectResources(recarregada);
        recarregada.on((ProximaTentativa) json.deserialize(prazoSalvo));

        assertThat(comandos.getDispatchedCommands())
                .singleElement()
                .satisfies(c -> assertThat(c.getPayload()).isEqualTo(new AgendarTentativaCommand(ID, 1, 3)));
    }

    /** A test delivery arrives with its one attempt done and over: no wait, no command, no saga. */
    @Test
    void entregaDeTesteNaoAgendaNadaNemGuardaSaga() {
        fixture.givenCurrentTime(T0)
               .whenAggregate(ID).publishes(new EntregaIniciadaEvent(ID, LOJA, WEBHOOK, "webhook.teste", "{}",
                       List.of(), T0, true))
               .expectActiveSagas(0);
        fixture.givenCurrentTime(T0)
               .andThenAggregate(ID).published(new EntregaIniciadaEvent(ID, LOJA, WEBHOOK, "webhook.teste", "{}",
                       List.of(), T0, true), falha(ID, 1, 1, T0, null))
               .whenAggregate(ID).publishes(new EntregaFalhouEvent(ID, LOJA, WEBHOOK, 1, 1, T0.plusMillis(250)))
               .expectSuccessfulHandlerExecution()
               .expectActiveSagas(0)
               .expectNoScheduledDeadlines()
               .expectNoDispatchedCommands();
    }
}
