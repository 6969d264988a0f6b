package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.apoio.ConformidadeComEsquema;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code dados} the catalogue renders from each stored reference event ({@code src/test/resources/eventos},
 * where every optional field is filled) conform to the webhooks section of the description. The product of
 * {@code produto.atualizado} is read from the read model, so only a real delivery covers it
 * ({@code WebhooksNaDescricaoApiTest}).
 */
class DescricaoDosWebhooksApiTest extends TesteDeApi {

    private static final JsonNode ITEM_DO_FEED = JsonNodeFactory.instance.objectNode()
                                                                         .put("$ref", "#/components/schemas/EventoDoFeed");

    @Autowired
    private ObjectMapper json;

    @Test
    void dadosDosEventosDeReferenciaConferemComAsDescricoes() {
        ConformidadeComEsquema conformidade = new ConformidadeComEsquema(api.get("/v1/openapi.json").enviar().json());
        Map<EventoDeWebhook, List<Object>> exemplos = EventosDeReferencia.dadosDeCadaTipo();

        assertThat(exemplos.keySet()).containsAll(Arrays.stream(EventoDeWebhook.values())
                                                        .filter(e -> e != EventoDeWebhook.PRODUTO_ATUALIZADO).toList());
        exemplos.forEach((tipo, dados) -> dados.forEach(d -> {
            Map<String, Object> envelope = new LinkedHashMap<>();
            envelope.put("evento", tipo.nome());
            envelope.put("criadoEm", Instant.parse("2026-11-21T10:15:30.123Z"));
            envelope.put("dados", d);
            JsonNode corpo = corpo(envelope);
            assertThat(conformidade.problemasDoWebhook(tipo.nome(), corpo)).as("%s: %s", tipo.nome(), corpo).isEmpty();
            if (!tipo.assinavel()) {
                return;   // sent on request only, never in the feed
            }
            // the feed's union, discriminated by evento, takes the same body with id and cursor in front
            ObjectNode item = JsonNodeFactory.instance.objectNode().put("id", "1").put("cursor", "c");
            item.setAll((ObjectNode) corpo);
            assertThat(conformidade.problemas(item, ITEM_DO_FEED)).as("EventoDoFeed: %s", item).isEmpty();
        }));
    }

    /** As the dispatcher writes it: through the text, so that raw values ({@code opcoes}) are read as JSON. */
    private JsonNode corpo(Map<String, Object> envelope) {
        try {
            return json.readTree(json.writeValueAsString(envelope));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
