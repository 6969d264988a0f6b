package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.command.entrega.ConfiguracaoDosWebhooks;
import br.com.lojaapi.command.entrega.DadosDeEvento;
import br.com.lojaapi.command.entrega.EventoDeWebhook;
import br.com.lojaapi.command.entrega.RecursosComoGet;
import br.com.lojaapi.gateway.openapi.JsonLivre;
import com.fasterxml.jackson.databind.JavaType;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverter;
import io.swagger.v3.core.converter.ModelConverterContext;
import io.swagger.v3.core.converter.ModelConverterContextImpl;
import io.swagger.v3.core.jackson.ModelResolver;
import io.swagger.v3.core.jackson.TypeNameResolver;
import io.swagger.v3.core.util.Json31;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.DateTimeSchema;
import io.swagger.v3.oas.models.media.Discriminator;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.stereotype.Component;

import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The {@code webhooks} section of the description (OpenAPI 3.1): one POST per event kind, with the headers every
 * delivery carries and the body {@code {evento, criadoEm, dados}}, for each kind of the catalogue
 * ({@link EventoDeWebhook}). The schema of {@code dados} is derived from the Java type the catalogue gives that kind
 * (the one the dispatcher serialises), so a field added to it shows up here; a resource's GET body
 * ({@link RecursosComoGet}) is the web type that shows it and keeps the schema its REST answers have
 * ({@code Produto}, {@code Cliente}), and the records of
 * {@link DadosDeEvento} are published as {@code Dados<Name>}, which keeps them apart from the REST schemas of the
 * same simple name ({@code ProdutoRemovido}, {@code NotaFiscalDoPedido}). Each body is the component
 * {@code Evento<Kind>} ({@code EventoPedidoCriado}). Each webhook is a {@code $ref} to its POST in
 * {@code components/pathItems}. The feed's item ({@code EventoDoFeed}) is the union of the bodies with {@code id} and
 * {@code cursor}, discriminated by {@code evento}, of the kinds events are delivered as. A subscription's
 * {@code eventos} list those kinds' names.
 */
@Component
class DescricaoDosWebhooks implements OpenApiCustomizer {

    static final String ESQUEMAS = "#/components/schemas/";
    /** Each webhook is a $ref to its delivery, described in {@code components/pathItems}. */
    static final String ENTREGAS = "#/components/pathItems/";
    /** The feed's item ({@code EventoController}), documented there with untyped {@code dados}. */
    static final String ITEM_DO_FEED = "EventoDoFeed";
    private static final String PREFIXO = "Dados";
    private static final Map<String, Class<?>> TIPOS_PROPRIOS = Arrays.stream(DadosDeEvento.class.getDeclaredClasses())
                                                                      .filter(Class::isRecord)
                                                                      .collect(Collectors.toUnmodifiableMap(
                                                                              c -> PREFIXO + c.getSimpleName(),
                                                                              c -> c));
    /** Each representation of a resource, and the web type that shows it: the one {@link RecursosDaApi} returns. */
    private static final Map<Class<?>, Class<?>> REPRESENTACOES = Arrays.stream(RecursosComoGet.class.getMethods())
            .collect(Collectors.toUnmodifiableMap(Method::getReturnType, DescricaoDosWebhooks::tipoWeb));

    private final OperacaoDeEntregaDeWebhook entregas;

    DescricaoDosWebhooks(ConfiguracaoDosWebhooks configuracao) {
        this.entregas = new OperacaoDeEntregaDeWebhook(configuracao);
    }

    /** The component name of the envelope of a kind: {@code pedido.nota_fiscal} → {@code EventoPedidoNotaFiscal}. */
    static String envelope(EventoDeWebhook evento) {
        return "Evento" + Arrays.stream(evento.nome().split("[._]"))
                                .map(p -> Character.toUpperCase(p.charAt(0)) + p.substring(1))
                                .collect(Collectors.joining());
    }

    @Override
    public void customise(OpenAPI api) {
        if (api.getComponents() == null) {
            api.setComponents(new Components());
        }
        Components componentes = api.getComponents();
        // One context for every kind: a type shared by several (Pagamento, NotaFiscal...) is resolved once.
        ModelConverterContextImpl contexto = new ModelConverterContextImpl(List.of(new JsonLivre(),
                new Representacoes(), new ModelResolver(Json31.mapper(), new NomesDosDados()).openapi31(true)));
        Map<EventoDeWebhook, String> dados = new EnumMap<>(EventoDeWebhook.class);
        for (EventoDeWebhook evento : EventoDeWebhook.values()) {
            dados.put(evento, nome(contexto.resolve(new AnnotatedType(evento.dados()).resolveAsRef(true))));
        }
        registrar(contexto.getDefinedModels(), componentes);
        dados.forEach((evento, esquema) -> {
            componentes.addSchemas(envelope(evento), corpo(evento, esquema));
            // A $ref to components/pathItems: generators (typescript-fetch) that break on an inline webhook still
            // read the document, and the webhook stays described.
            componentes.addPathItem(evento.nome(), new PathItem().post(entregas.de(evento)));
            api.addWebhooks(evento.nome(), new PathItem().$ref(ENTREGAS + evento.nome()));
        });
        eventosAssinaveis(componentes);
        if (componentes.getSchemas().containsKey(ITEM_DO_FEED)) {
            Schema<?> item = new JsonSchema().description("Um evento do feed: o corpo do webhook do seu tipo, com id "
                                                                  + "e cursor na frente")
                                             .discriminator(new Discriminator().propertyName("evento"));
            dados.forEach((evento, esquema) -> {
                if (!evento.assinavel()) {
                    return;   // sent on request only, never in the feed
                }
                String nome = ITEM_DO_FEED + envelope(evento).substring("Evento".length());
                componentes.addSchemas(nome, itemDoFeed(evento, esquema));
                item.addOneOfItem(new JsonSchema().$ref(ESQUEMAS + nome));
                item.getDiscriminator().mapping(evento.nome(), ESQUEMAS + nome);
            });
            componentes.addSchemas(ITEM_DO_FEED, item);
        }
    }

    /** A subscription names kinds of the catalogue, in its order: the request's schema lists them. */
    @SuppressWarnings("unchecked")
    private static void eventosAssinaveis(Components componentes) {
        Schema<?> novo = componentes.getSchemas() == null ? null : componentes.getSchemas().get(CorpoDeWebhook.ESQUEMA);
        if (novo == null || novo.getProperties() == null || novo.getProperties().get("eventos") == null) {
            throw new IllegalStateException("a descrição não tem o esquema " + CorpoDeWebhook.ESQUEMA + ".eventos");
        }
        ((Schema<String>) novo.getProperties().get("eventos").getItems()).setEnum(EventoDeWebhook.assinaveis());
    }

    /**
     * An item of the event feed (GET /v1/eventos) is the body of its kind's webhook, byte for byte, with its
     * {@code id} and {@code cursor} in front: one object per kind ({@code EventoDoFeedPedidoCriado}), and the item
     * is their union by {@code evento}. Plain objects rather than an {@code allOf} over the
     * union: generated clients (Java) cannot extend a {@code oneOf}.
     */
    private static Schema<?> itemDoFeed(EventoDeWebhook evento, String dados) {
        Schema<?> corpo = corpo(evento, dados);
        Schema<?> item = new ObjectSchema()
                .description("Item do feed de " + evento.nome() + ": o corpo do webhook com id e cursor")
                .addProperty("id", new StringSchema()
                        .description("Identificador do evento; o mesmo em toda leitura e no webhook"))
                .addProperty("cursor", new StringSchema()
                        .description("Passe como apos para continuar logo depois deste evento"));
        corpo.getProperties().forEach(item::addProperty);
        List<String> obrigatorios = new ArrayList<>(List.of("id", "cursor"));
        obrigatorios.addAll(corpo.getRequired());
        return item.required(obrigatorios);
    }

    /** swagger-core's names, but the records of {@link DadosDeEvento} with the prefix. */
    private static final class NomesDosDados extends TypeNameResolver {
        @Override
        protected String getNameOfClass(Class<?> classe) {
            String nome = super.getNameOfClass(classe);
            return classe.getEnclosingClass() == DadosDeEvento.class ? PREFIXO + nome : nome;
        }
    }

    /** A resource's representation resolves as its web type, so it is the REST answers' own schema. */
    private static final class Representacoes implements ModelConverter {
        @Override
        public Schema resolve(AnnotatedType tipo, ModelConverterContext contexto, Iterator<ModelConverter> cadeia) {
            JavaType java = tipo.getType() == null ? null : Json.mapper().constructType(tipo.getType());
            Class<?> web = java == null ? null : REPRESENTACOES.get(java.getRawClass());
            return cadeia.hasNext() ? cadeia.next().resolve(web == null ? tipo : tipo.type(web), contexto, cadeia) : null;
        }
    }

    /** The covariant return type of {@link RecursosDaApi}'s implementation of a method of the port. */
    private static Class<?> tipoWeb(Method metodo) {
        try {
            return RecursosDaApi.class.getDeclaredMethod(metodo.getName(), metodo.getParameterTypes()).getReturnType();
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String nome(Schema<?> referencia) {
        String ref = referencia.get$ref();
        return ref.substring(ref.lastIndexOf('/') + 1);
    }

    /**
     * Shared types (Cliente, NotaFiscal, Pagamento...) keep the definition the REST answers already have; a name of
     * our own must not collide with a different schema.
     */
    @SuppressWarnings("rawtypes")
    private static void registrar(Map<String, Schema> lidos, Components componentes) {
        lidos.forEach((nome, esquema) -> {
            Class<?> proprio = TIPOS_PROPRIOS.get(nome);
            if (proprio != null) {
                presentesEAnulaveis(esquema, proprio);
            }
            Schema anterior = componentes.getSchemas() == null ? null : componentes.getSchemas().get(nome);
            if (anterior == null) {
                componentes.addSchemas(nome, esquema);
            } else if (proprio != null && !anterior.equals(esquema)) {
                throw new IllegalStateException("dois esquemas diferentes chamados " + nome);
            }
        });
    }

    /**
     * The dispatcher writes every component of these records, null included (Jackson's inclusion is ALWAYS): all
     * are required, and all but the primitives may be null, so a strict client validates what it is sent.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void presentesEAnulaveis(Schema esquema, Class<?> registro) {
        Map<String, Schema> propriedades = esquema.getProperties();
        List<String> obrigatorios = new ArrayList<>();
        for (RecordComponent componente : registro.getRecordComponents()) {
            Schema propriedade = propriedades.get(componente.getName());
            if (propriedade == null) {
                throw new IllegalStateException(registro.getSimpleName() + "." + componente.getName() + " sem esquema");
            }
            obrigatorios.add(componente.getName());
            if (componente.getType().isPrimitive()) {
                continue;
            }
            if (propriedade.get$ref() != null) {
                propriedades.put(componente.getName(), new JsonSchema().anyOf(List.of(
                        new JsonSchema().$ref(propriedade.get$ref()), new JsonSchema().types(Set.of("null")))));
            } else {
                if (propriedade.getTypes() == null && propriedade.getType() != null) {
                    propriedade.addType(propriedade.getType());
                }
                propriedade.addType("null");
            }
        }
        esquema.setRequired(obrigatorios);
    }

    private static Schema<?> corpo(EventoDeWebhook evento, String dados) {
        return new ObjectSchema()
                .description(evento.nome() + ": " + evento.resumo())
                .addProperty("evento", new StringSchema()._enum(List.of(evento.nome())).description("Tipo do evento"))
                .addProperty("criadoEm", new DateTimeSchema().description("Quando o evento aconteceu"))
                .addProperty("dados", new Schema<>().$ref(ESQUEMAS + dados))
                .required(List.of("evento", "criadoEm", "dados"));
    }
}
