package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.apoio.ConformidadeComEsquema;
import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.coreapi.cliente.ClienteCriadoEvent;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaRegistradaEvent;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaRemovidaEvent;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaSubstituidaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalAtualizadaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalCanceladaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalRegistradaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalRemovidaEvent;
import br.com.lojaapi.coreapi.pedido.PedidoCanceladoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoCriadoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoEditadoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoPagoEvent;
import br.com.lojaapi.coreapi.pedido.StatusDoPedidoAlteradoEvent;
import br.com.lojaapi.coreapi.produto.EstoqueBaixoEvent;
import br.com.lojaapi.coreapi.produto.ProdutoRemovidoEvent;
import br.com.lojaapi.coreapi.webhook.EventoDeWebhook;
import br.com.lojaapi.gateway.axon.ConfiguracaoAxon;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.axonframework.serialization.AnnotationRevisionResolver;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.SimpleSerializedObject;
import org.axonframework.serialization.SimpleSerializedType;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code dados} the dispatcher renders from each stored reference event ({@code src/test/resources/eventos},
 * where every optional field is filled) conform to the webhooks section of the description. The product of
 * {@code produto.atualizado} is read from the read model, so only a real delivery covers it
 * ({@code WebhooksNaDescricaoApiTest}).
 */
class DescricaoDosWebhooksApiTest extends TesteDeApi {

    private static final Path EVENTOS = Path.of("src/test/resources/eventos");
    private static final JsonNode ITEM_DO_FEED = JsonNodeFactory.instance.objectNode()
                                                                         .put("$ref", "#/components/schemas/EventoDoFeed");

    @Autowired
    private ObjectMapper json;

    private final Serializer serializer = ConfiguracaoAxon.serializadorJackson(new AnnotationRevisionResolver());

    @Test
    void dadosDosEventosDeReferenciaConferemComAsDescricoes() {
        ConformidadeComEsquema conformidade = new ConformidadeComEsquema(api.get("/v1/openapi.json").enviar().json());
        Map<EventoDeWebhook, List<Object>> exemplos = dadosDosEventosDeReferencia();

        assertThat(exemplos.keySet()).containsAll(Arrays.stream(EventoDeWebhook.values())
                                                        .filter(e -> e != EventoDeWebhook.PRODUTO_ATUALIZADO).toList());
        exemplos.forEach((tipo, dados) -> dados.forEach(d -> {
            Map<String, Object> envelope = new LinkedHashMap<>();
            envelope.put("evento", tipo.nome());
            envelope.put("criadoEm", Instant.parse("2026-11-21T10:15:30.123Z"));
            envelope.put("dados", d);
            JsonNode corpo = corpo(envelope);
            assertThat(conformidade.problemasDoWebhook(tipo.nome(), corpo)).as("%s: %s", tipo.nome(), corpo).isEmpty();
            // the feed's union, discriminated by evento, takes the same body with id and cursor in front
            ObjectNode item = JsonNodeFactory.instance.objectNode().put("id", "1").put("cursor", "c");
            item.setAll((ObjectNode) corpo);
            assertThat(conformidade.problemas(item, ITEM_DO_FEED)).as("EventoDoFeed: %s", item).isEmpty();
        }));
    }

    /** The kinds and types of {@link DescricaoDosWebhooks#tipo} are the ones the dispatcher renders. */
    @Test
    void cadaTipoDescritoComOTipoQueODisparadorEnvia() {
        Map<EventoDeWebhook, List<Object>> exemplos = dadosDosEventosDeReferencia();
        exemplos.forEach((tipo, dados) -> dados.forEach(d -> assertThat(d).as(tipo.nome())
                .isInstanceOf(DescricaoDosWebhooks.tipo(tipo).dados())));
        assertThat(DescricaoDosWebhooks.tipo(EventoDeWebhook.PRODUTO_ATUALIZADO).dados()).isNull();
    }

    private Map<EventoDeWebhook, List<Object>> dadosDosEventosDeReferencia() {
        Map<EventoDeWebhook, List<Object>> dados = new LinkedHashMap<>();
        adicionar(dados, EventoDeWebhook.PEDIDO_CRIADO, DadosDeEvento.de(ler(PedidoCriadoEvent.class)));
        adicionar(dados, EventoDeWebhook.PEDIDO_STATUS, DadosDeEvento.de(ler(StatusDoPedidoAlteradoEvent.class)));
        adicionar(dados, EventoDeWebhook.PEDIDO_CANCELADO, DadosDeEvento.de(ler(PedidoCanceladoEvent.class)));
        adicionar(dados, EventoDeWebhook.PEDIDO_PAGO, DadosDeEvento.de(ler(PedidoPagoEvent.class)));
        adicionar(dados, EventoDeWebhook.PEDIDO_EDITADO, DadosDeEvento.de(ler(PedidoEditadoEvent.class)));
        adicionar(dados, EventoDeWebhook.CLIENTE_CRIADO, DadosDeEvento.de(ler(ClienteCriadoEvent.class), 0));
        adicionar(dados, EventoDeWebhook.PRODUTO_REMOVIDO, DadosDeEvento.de(ler(ProdutoRemovidoEvent.class)));
        adicionar(dados, EventoDeWebhook.PRODUTO_ESTOQUE_BAIXO, DadosDeEvento.de(ler(EstoqueBaixoEvent.class)));
        adicionar(dados, EventoDeWebhook.PEDIDO_NOTA_FISCAL,
                DadosDeEvento.de("criada", ler(NotaFiscalRegistradaEvent.class).nota(), 1),
                DadosDeEvento.de("atualizada", ler(NotaFiscalAtualizadaEvent.class).nota(), 2),
                DadosDeEvento.de("cancelada", ler(NotaFiscalCanceladaEvent.class).nota(), 3),
                DadosDeEvento.de("removida", ler(NotaFiscalRemovidaEvent.class).nota(), 4));
        adicionar(dados, EventoDeWebhook.PEDIDO_ETIQUETA,
                DadosDeEvento.de("criada", ler(EtiquetaRegistradaEvent.class).etiqueta(), 1),
                DadosDeEvento.de("atualizada", ler(EtiquetaSubstituidaEvent.class).etiqueta(), 2),
                DadosDeEvento.de("removida", ler(EtiquetaRemovidaEvent.class).etiqueta(), 3));
        return dados;
    }

    /** As the dispatcher writes it: through the text, so that raw values ({@code opcoes}) are read as JSON. */
    private JsonNode corpo(Map<String, Object> envelope) {
        try {
            return json.readTree(json.writeValueAsString(envelope));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void adicionar(Map<EventoDeWebhook, List<Object>> dados, EventoDeWebhook tipo, Object... exemplos) {
        dados.computeIfAbsent(tipo, t -> new ArrayList<>()).addAll(List.of(exemplos));
    }

    private <T> T ler(Class<T> tipo) {
        try {
            byte[] bytes = Files.readString(EVENTOS.resolve(tipo.getSimpleName() + ".json")).strip()
                                .getBytes(StandardCharsets.UTF_8);
            return serializer.deserialize(new SimpleSerializedObject<>(bytes, byte[].class,
                    new SimpleSerializedType(tipo.getName(), null)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
