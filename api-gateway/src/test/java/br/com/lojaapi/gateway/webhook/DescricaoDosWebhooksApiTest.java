package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.apoio.ConformidadeComEsquema;
import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.command.entrega.EventoDeWebhook;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bodies the webhooks' renderer makes of each stored reference event ({@code src/test/resources/eventos},
 * where every optional field is filled), with the application's mapper and the web layer's representations,
 * conform to the webhooks section of the description: so each origin renders {@code dados} of its kind's type. The product of
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
        Map<EventoDeWebhook, List<String>> exemplos = EventosDeReferencia.corposDeCadaTipo(json);

        assertThat(exemplos.keySet()).containsAll(Arrays.stream(EventoDeWebhook.values())
                                                        .filter(e -> e != EventoDeWebhook.PRODUTO_ATUALIZADO).toList());
        exemplos.forEach((tipo, corpos) -> corpos.forEach(texto -> {
            JsonNode corpo = ler(texto);
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

    /** As the dispatcher sends it: the text the renderer wrote with the application's mapper. */
    private JsonNode ler(String corpo) {
        try {
            return json.readTree(corpo);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
