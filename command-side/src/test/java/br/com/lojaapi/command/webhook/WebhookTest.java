package br.com.lojaapi.command.webhook;

import br.com.lojaapi.command.segredo.Cifra;
import br.com.lojaapi.coreapi.comum.CodigoErro;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import br.com.lojaapi.coreapi.webhook.CriarWebhookCommand;
import br.com.lojaapi.coreapi.webhook.RemoverWebhookCommand;
import br.com.lojaapi.coreapi.webhook.WebhookCriadoEvent;
import br.com.lojaapi.coreapi.webhook.WebhookRemovidoEvent;
import org.axonframework.eventsourcing.AggregateDeletedException;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.ResultValidator;
import org.hamcrest.CustomTypeSafeMatcher;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static br.com.lojaapi.command.comum.VersaoDivergente.naVersao;
import static org.assertj.core.api.Assertions.assertThat;

class WebhookTest {

    private static final String ID = "wh-1";
    private static final String LOJA = "loja-1";
    private static final String URL = "https://exemplo.com.br/ganchos";
    private static final List<String> EVENTOS = List.of("pedido.criado", "pedido.pago");
    private static final String SEGREDO = "whsec_000102030405060708090a0b0c0d0e0f1011121314151617";
    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
    private static final Instant T1 = Instant.parse("2026-11-21T11:00:00Z");

    private static final WebhookCriadoEvent CRIADO = new WebhookCriadoEvent(ID, LOJA, "ERP", URL, EVENTOS, T0,
            "selado");

    private AggregateTestFixture<Webhook> fixture;
    private SegredosEmMemoria segredos;

    /** Data keys in a map, sealing with the real AES-GCM; records what the aggregate asked for. */
    static final class SegredosEmMemoria implements SegredosDeWebhook {

        final Map<String, byte[]> chaves = new HashMap<>();
        final List<String> selados = new ArrayList<>();
        final List<String> destruidas = new ArrayList<>();
        String ultimoSelado;

        @Override
        public String selar(String webhookId, String lojaId, String segredo) {
            byte[] chave = Cifra.novaChave();
            chaves.put(webhookId, chave);
            selados.add(webhookId + "/" + lojaId);
            ultimoSelado = Base64.getEncoder().encodeToString(
                    Cifra.selar(chave, segredo.getBytes(StandardCharsets.UTF_8), webhookId));
            return ultimoSelado;
        }

        @Override
        public void destruir(String webhookId) {
            destruidas.add(webhookId);
            chaves.remove(webhookId);
        }

        String abrir(String webhookId, String selado) {
            return new String(Cifra.abrir(chaves.get(webhookId), Base64.getDecoder().decode(selado), webhookId),
                    StandardCharsets.UTF_8);
        }
    }

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Webhook.class);
        segredos = new SegredosEmMemoria();
        segredos.chaves.put(ID, Cifra.novaChave());
        fixture.registerInjectableResource(segredos);
    }

    @Test
    void criarGuardaOSegredoSoCifradoComUmaChaveDoWebhookEDevolveVersaoZero() {
        segredos.chaves.clear();
        ResultValidator<Webhook> resultado = fixture.givenNoPriorActivity()
                .when(new CriarWebhookCommand(ID, LOJA, "ERP", URL, EVENTOS, SEGREDO, T0));

        resultado.expectSuccessfulHandlerExecution()
                 .expectResultMessagePayload(0L)
                 .expectEvents(new WebhookCriadoEvent(ID, LOJA, "ERP", URL, EVENTOS, T0, segredos.ultimoSelado));
        assertThat(segredos.selados).containsExactly(ID + "/" + LOJA);
        assertThat(segredos.ultimoSelado).doesNotContain(SEGREDO.substring("whsec_".length()));
        assertThat(segredos.abrir(ID, segredos.ultimoSelado)).isEqualTo(SEGREDO);
    }

    @Test
    void comandoDeCriacaoNaoMostraOSegredoNoLog() {
        assertThat(new CriarWebhookCommand(ID, LOJA, "ERP", URL, EVENTOS, SEGREDO, T0).toString())
                .contains(ID, URL).doesNotContain(SEGREDO.substring("whsec_".length()));
    }

    @Test
    void removerAplicaOEventoApagaOWebhookEDestroiASuaChave() {
        fixture.given(CRIADO)
               .when(new RemoverWebhookCommand(ID, LOJA, T1))
               .expectResultMessagePayload(1L)
               .expectEvents(new WebhookRemovidoEvent(ID, LOJA, T1))
               .expectMarkedDeleted();

        assertThat(segredos.destruidas).containsExactly(ID);
        assertThat(segredos.chaves).doesNotContainKey(ID);
    }

    @Test
    void outraLojaNaoEncontraOWebhookNemDestroiASuaChave() {
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

        assertThat(segredos.destruidas).isEmpty();
    }

    @Test
    void remocaoComVersaoVelhaNaoDestroiAChave() {
        fixture.given(CRIADO)
               .when(new RemoverWebhookCommand(ID, LOJA, T1, VersaoEsperada.de(3)))
               .expectNoEvents()
               .expectException(naVersao(0));

        assertThat(segredos.destruidas).isEmpty();
    }

    /** The gateway answers an AggregateNotFoundException (of which this is one) with 404. */
    @Test
    void webhookRemovidoNaoERemovidoDeNovo() {
        fixture.given(CRIADO, new WebhookRemovidoEvent(ID, LOJA, T0))
               .when(new RemoverWebhookCommand(ID, LOJA, T1))
               .expectNoEvents()
               .expectException(AggregateDeletedException.class);

        assertThat(segredos.destruidas).isEmpty();
    }
}
