package br.com.lojaapi.command.entrega;

import br.com.lojaapi.coreapi.comum.CodigoErro;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.entrega.RecuperacaoDoWebhookIniciadaEvent;
import br.com.lojaapi.coreapi.entrega.RecuperarEntregasDoWebhookCommand;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.hamcrest.CustomTypeSafeMatcher;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

class RecuperacaoDeWebhookTest {

    private static final Instant DESDE = Instant.parse("2026-11-20T10:00:00Z");
    private static final Instant AGORA = Instant.parse("2026-11-21T10:00:00Z");
    private static final List<Long> ATRASOS = List.of(30_000L, 120_000L);
    private static final Instant PRAZO = Instant.parse("2026-11-22T11:00:00Z");

    private AggregateTestFixture<RecuperacaoDeWebhook> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(RecuperacaoDeWebhook.class);
    }

    private static RecuperarEntregasDoWebhookCommand recuperar(List<String> entregas, Instant validaAte) {
        return new RecuperarEntregasDoWebhookCommand("rec-1", "loja-1", "wh-1", DESDE, entregas, ATRASOS, AGORA,
                validaAte);
    }

    @Test
    void iniciaComCadaEntregaUmaVezERespondeQuantas() {
        fixture.givenNoPriorActivity()
               .when(recuperar(List.of("e-1", "e-2", "e-1", "e-3"), PRAZO))
               .expectSuccessfulHandlerExecution()
               .expectResultMessagePayload(3)
               .expectEvents(new RecuperacaoDoWebhookIniciadaEvent("rec-1", "loja-1", "wh-1", DESDE,
                       List.of("e-1", "e-2", "e-3"), ATRASOS, AGORA, PRAZO));
    }

    @Test
    void semEntregasOuSemPrazoNaoInicia() {
        fixture.givenNoPriorActivity()
               .when(recuperar(List.of(), PRAZO))
               .expectNoEvents()
               .expectException(invalido());
        fixture.givenNoPriorActivity()
               .when(recuperar(List.of("e-1"), AGORA))
               .expectNoEvents()
               .expectException(invalido());
    }

    private static CustomTypeSafeMatcher<ErroDeNegocio> invalido() {
        return new CustomTypeSafeMatcher<>("erro INVALIDO") {
            @Override
            protected boolean matchesSafely(ErroDeNegocio erro) {
                return erro.codigo() == CodigoErro.INVALIDO;
            }
        };
    }
}
