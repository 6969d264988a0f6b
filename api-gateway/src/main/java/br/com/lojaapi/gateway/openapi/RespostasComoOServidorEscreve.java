package br.com.lojaapi.gateway.openapi;

import br.com.lojaapi.coreapi.pedido.EtiquetaDoPedido;
import br.com.lojaapi.coreapi.pedido.NotaFiscalDoPedido;
import br.com.lojaapi.coreapi.pedido.Pagamento;
import br.com.lojaapi.coreapi.pedido.VariacaoDoItem;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JavaType;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverter;
import io.swagger.v3.core.converter.ModelConverterContext;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.stereotype.Component;

import java.lang.reflect.Field;
import java.lang.reflect.RecordComponent;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Response schemas as the server writes them. Jackson's inclusion is {@code always}
 * ({@code spring.jackson.default-property-inclusion}): every component of a response record is sent, null included,
 * so every component is {@code required}, except those annotated {@code @JsonInclude(NON_NULL | NON_EMPTY | ...)}
 * (sent only when set) and {@code @JsonUnwrapped} ones (their own fields are listed instead, required as in their
 * own record when that is a record rather than a type parameter). Whether a value can be null is said where the
 * record is declared, with {@code @Schema(nullable = true)} (written as {@code type: [X, "null"]}, or
 * {@code anyOf [$ref, null]} for an object); records of the shared-events module, which has no OpenAPI annotations,
 * are listed in {@link #ANULAVEIS_DE_FORA}.
 * <p>
 * Only the schemas a response or a webhook reaches get {@code required}: request bodies keep their own rules. A
 * schema that already has {@code required} (set by the description of lists or of webhooks) is left as it is.
 * Free JSON is published as the schema {@code {}} ({@link JsonLivre}), not as a schema named after a Java type.
 */
@Component
class RespostasComoOServidorEscreve implements ModelConverter, OpenApiCustomizer {

    /** Components that can be null in records outside this module (no {@code @Schema} there). */
    static final Map<Class<?>, Set<String>> ANULAVEIS_DE_FORA = Map.of(
            NotaFiscalDoPedido.class, Set.of("chave", "serie", "valorTotal"),
            EtiquetaDoPedido.class, Set.of("transportadora", "servico", "codigoRastreio", "urlRastreio", "volume"),
            VariacaoDoItem.class, Set.of("valor2", "sku", "codIntegracao", "codigoBarras"),
            Pagamento.class, Set.of("formaPagamento"));

    private static final String ESQUEMAS = "#/components/schemas/";

    /** The record behind each component schema, as swagger-core named it. */
    private final Map<String, Class<?>> registros = new ConcurrentHashMap<>();

    @Override
    public Schema resolve(AnnotatedType tipo, ModelConverterContext contexto, Iterator<ModelConverter> cadeia) {
        if (JsonLivre.livre(tipo)) {
            return new JsonLivre().resolve(tipo, contexto, cadeia);
        }
        JavaType java = tipo.getType() == null ? null : Json.mapper().constructType(tipo.getType());
        Class<?> classe = java == null ? null : java.getRawClass();
        Schema<?> esquema = cadeia.hasNext() ? cadeia.next().resolve(tipo, contexto, cadeia) : null;
        if (esquema != null && classe != null && classe.isRecord()) {
            String nome = esquema.get$ref() != null ? esquema.get$ref().substring(esquema.get$ref().lastIndexOf('/') + 1)
                    : esquema.getName();
            if (nome != null) {
                registros.putIfAbsent(nome, classe);
            }
        }
        return esquema;
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public void customise(OpenAPI api) {
        if (api.getComponents() == null || api.getComponents().getSchemas() == null) {
            return;
        }
        Map<String, Schema> esquemas = api.getComponents().getSchemas();
        for (String nome : alcancadosPorRespostas(api)) {
            Schema esquema = esquemas.get(nome);
            Class<?> registro = registros.get(nome);
            if (esquema == null || registro == null || esquema.getProperties() == null) {
                continue;
            }
            Set<String> anulaveis = ANULAVEIS_DE_FORA.getOrDefault(registro, Set.of());
            anulaveis.forEach(campo -> {
                Schema propriedade = (Schema) esquema.getProperties().get(campo);
                if (propriedade != null) {
                    esquema.getProperties().put(campo, anulavel(propriedade));
                }
            });
            if (esquema.getRequired() == null || esquema.getRequired().isEmpty()) {
                List<String> sempre = sempreEnviados(registro, esquema.getProperties().keySet());
                if (!sempre.isEmpty()) {
                    esquema.setRequired(sempre);
                }
            }
        }
    }

    /**
     * The components a record writes always: all but the conditional ones, with an unwrapped record's own in its
     * place.
     */
    static List<String> sempreEnviados(Class<?> registro, Set<String> propriedades) {
        List<String> sempre = new ArrayList<>();
        for (RecordComponent componente : registro.getRecordComponents()) {
            Field campo;
            try {
                campo = registro.getDeclaredField(componente.getName());
            } catch (NoSuchFieldException e) {
                throw new IllegalStateException(e);
            }
            JsonUnwrapped desembrulhado = campo.getAnnotation(JsonUnwrapped.class);
            if (desembrulhado != null) {
                // a record's own components stand in its place; a type parameter's (ItemSincronizado) are unknown here
                if (campo.getType().isRecord() && desembrulhado.prefix().isEmpty()
                        && desembrulhado.suffix().isEmpty()) {
                    sempre.addAll(sempreEnviados(campo.getType(), propriedades));
                }
                continue;
            }
            JsonInclude inclusao = campo.getAnnotation(JsonInclude.class);
            if (inclusao != null && inclusao.value() != JsonInclude.Include.ALWAYS
                    && inclusao.value() != JsonInclude.Include.USE_DEFAULTS) {
                continue;
            }
            JsonProperty propriedade = campo.getAnnotation(JsonProperty.class);
            String nome = propriedade != null && !propriedade.value().isEmpty() ? propriedade.value()
                    : componente.getName();
            if (propriedades.contains(nome)) {
                sempre.add(nome);
            }
        }
        return sempre;
    }

    @SuppressWarnings("rawtypes")
    private static Schema anulavel(Schema propriedade) {
        if (propriedade.get$ref() != null) {
            return new JsonSchema().anyOf(List.of(new JsonSchema().$ref(propriedade.get$ref()),
                                                  new JsonSchema().types(Set.of("null"))))
                                   .description(propriedade.getDescription());
        }
        if (propriedade.getTypes() == null && propriedade.getType() != null) {
            propriedade.addType(propriedade.getType());
        }
        if (propriedade.getTypes() != null) {
            propriedade.addType("null");
        }
        return propriedade;
    }

    /** Names of the component schemas reachable from a response body or a webhook body. */
    @SuppressWarnings("rawtypes")
    private static Set<String> alcancadosPorRespostas(OpenAPI api) {
        Deque<Schema> pendentes = new ArrayDeque<>();
        if (api.getPaths() != null) {
            api.getPaths().values().forEach(item -> item.readOperations().forEach(operacao -> {
                if (operacao.getResponses() != null) {
                    operacao.getResponses().values().forEach(resposta -> {
                        if (resposta.getContent() != null) {
                            resposta.getContent().values().stream().map(MediaType::getSchema)
                                    .filter(s -> s != null).forEach(pendentes::add);
                        }
                    });
                }
            }));
        }
        List<PathItem> entregas = new ArrayList<>();
        if (api.getWebhooks() != null) {
            entregas.addAll(api.getWebhooks().values());
        }
        if (api.getComponents().getPathItems() != null) {
            entregas.addAll(api.getComponents().getPathItems().values());
        }
        entregas.forEach(item -> item.readOperations().forEach(operacao -> {
            if (operacao.getRequestBody() != null && operacao.getRequestBody().getContent() != null) {
                operacao.getRequestBody().getContent().values().stream().map(MediaType::getSchema)
                        .filter(s -> s != null).forEach(pendentes::add);
            }
        }));
        Set<String> vistos = new HashSet<>();
        Map<String, Schema> esquemas = api.getComponents().getSchemas();
        while (!pendentes.isEmpty()) {
            Schema esquema = pendentes.pop();
            if (esquema.get$ref() != null && esquema.get$ref().startsWith(ESQUEMAS)) {
                String nome = esquema.get$ref().substring(ESQUEMAS.length());
                if (vistos.add(nome) && esquemas.get(nome) != null) {
                    pendentes.push(esquemas.get(nome));
                }
            }
            if (esquema.getProperties() != null) {
                esquema.getProperties().values().forEach(p -> pendentes.push((Schema) p));
            }
            if (esquema.getItems() != null) {
                pendentes.push(esquema.getItems());
            }
            for (List<Schema> partes : new List[]{esquema.getAllOf(), esquema.getAnyOf(), esquema.getOneOf()}) {
                if (partes != null) {
                    partes.forEach(pendentes::push);
                }
            }
            if (esquema.getAdditionalProperties() instanceof Schema adicionais) {
                pendentes.push(adicionais);
            }
        }
        return vistos;
    }
}
