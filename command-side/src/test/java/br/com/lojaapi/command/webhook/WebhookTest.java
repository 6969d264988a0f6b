package br.com.lojaapi.command.webhook;

import br.com.lojaapi.coreapi.comum.CodigoErro;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.webhook.CriarWebhookCommand;
import br.com.lojaapi.coreapi.webhook.RemoverWebhookCommand;
import br.com.lojaapi.coreapi.webhook.WebhookCriadoEvent;
import br.com.lojaapi.coreapi.webhook.WebhookRemovidoEvent;
import org.axonframework.eventsourcing.AggregateDeletedException;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.hamcrest.CustomTypeSafeMatcher;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

class WebhookTest {

    private static final String ID = "wh-1";
    private static final String LOJA = "loja-1";
    private static final String URL = "https://exemplo.com.br/ganchos";
    private static final List<String> EVENTOS = List.of("pedido.criado", "pedido.pago");
    private static final String SEGREDO = "whsec_abc123";
    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
    private static final Instant T1 = Instant.parse("2026-11-21T11:00:00Z");

    private static final WebhookCriadoEvent CRIADO = new WebhookCriadoEvent(ID, LOJA, "ERP", URL, EVENTOS, SEGREDO,
            T0);

    private AggregateTestFixture<Webhook> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Webhook.class);
    }

    @Test
    void criarAplicaOEventoComOSegredoEDevolveVersaoZero() {
        fixture.givenNoPriorActivity()
               .when(new CriarWebhookCommand(ID, LOJA, "ERP", URL, EVENTOS, SEGREDO, T0))
               .expectSuccessfulHandlerExecution()
               .expectResultMessagePayload(0L)
               .expectEvents(CRIADO);
    }

    @Test
    void removerAplicaOEventoEApagaOWebhook() {
        fixture.given(CRIADO)
               .when(new RemoverWebhookCommand(ID, LOJA, T1))
               .expectResultMessagePayload(1L)
               .expectEvents(new WebhookRemovidoEvent(ID, LOJA, T1))
               .expectMarkedDeleted();
    }

    @Test
    void outraLojaNaoEncontraOWebhook() {
        fixture.given(CRIADO)
               .when(new RemoverWebhookCommand(ID, "loja-2", T1))
               .expectNoEvents()
               .expectException(new CustomTypeSafeMatcher<ErroDeNegocio>("erro NAO_ENCONTRADO") {
                   @Override
                   protected boolean matchesSafely(ErroDeNegocio erro) {
                       return erro.codigo() == CodigoErro.NAO_ENCONTRADO;
                   }
               })
               .expectExceptionMessage(Webhook.NAO_ENCONTRADO);
    }

    /** The gateway answers an AggregateNotFoundException (of which this is one) with 404. */
    @Test
    void webhookRemovidoNaoERemovidoDeNovo() {
        fixture.given(CRIADO, new WebhookRemovidoEvent(ID, LOJA, T0))
               .when(new RemoverWebhookCommand(ID, LOJA, T1))
               .expectNoEvents()
               .expectException(AggregateDeletedException.class);
    }
}
