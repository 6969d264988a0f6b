package br.com.lojaapi.gateway.openapi;

import br.com.lojaapi.gateway.acesso.LojaAtual;
import br.com.lojaapi.gateway.erro.Erro;
import br.com.lojaapi.gateway.leitura.EscritaAceita;
import br.com.lojaapi.gateway.web.PreCondicao;
import br.com.lojaapi.gateway.web.RespostaCondicional;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Paths;
import io.swagger.v3.oas.models.SpecVersion;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.info.Contact;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.servers.Server;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springdoc.core.utils.SpringDocUtils;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.ResolvableType;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.bind.annotation.RequestBody;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The published description at {@code /v1/openapi.json} (OpenAPI 3.1): generated from the controllers, with paths
 * relative to the server URL (which ends in {@code /v1}), bearer security, the error answers every operation can give
 * and the headers of idempotent retries and conditional requests ({@link IdempotenciaECondicoes}).
 */
@Configuration(proxyBeanMethods = false)
public class ConfiguracaoOpenApi {

    private static final String ERRO = "#/components/schemas/Erro";
    private static final String ESCRITA_ACEITA = "#/components/schemas/EscritaAceita";
    private static final String SERVICO_INDISPONIVEL = "ServicoIndisponivel";
    private static final Set<RequestMethod> ESCRITAS =
            Set.of(RequestMethod.POST, RequestMethod.PUT, RequestMethod.PATCH, RequestMethod.DELETE);

    static {
        // Handed to handlers by our argument resolvers (the token's store, the conditional GET, If-Match, which is
        // described by IdempotenciaECondicoes): never request parameters, so no handler has to hide them itself.
        SpringDocUtils.getConfig().addRequestWrapperToIgnore(LojaAtual.class, RespostaCondicional.class,
                PreCondicao.class);
    }

    /**
     * The server URL is relative ({@code /v1}): it resolves against the address the document was fetched from, so
     * the interactive page works under any host name (no cross-origin call) and the document does not depend on
     * PUBLIC_BASE_URL, which makes it the same on every deployment.
     */
    @Bean
    OpenAPI descricao() {
        return new OpenAPI(SpecVersion.V31)
                .info(new Info().title("Store Integration API").version("1.0.0")
                                .description("API REST/JSON de integração de uma loja: catálogo, pedidos, estoque, "
                                        + "notas fiscais, etiquetas e webhooks. Toda chamada usa um token Bearer "
                                        + "de uma loja e age só sobre ela.")
                                // No URL: info URLs must be absolute, and this document names no host.
                                .contact(new Contact().name("Operador desta instalação (o mesmo que emite os "
                                                                    + "tokens das lojas)"))
                                .license(new License().name("Proprietária: uso restrito às lojas desta instalação "
                                                                    + "e aos seus integradores")
                                                      .identifier("LicenseRef-Proprietaria")))
                .servers(List.of(new Server().url("/v1").description("Este servidor: relativo ao endereço desta "
                        + "descrição")))
                .components(new Components().addSecuritySchemes("token", new SecurityScheme()
                        .type(SecurityScheme.Type.HTTP).scheme("bearer")
                        .description("Token da loja, criado em /admin/lojas/{id}/tokens")))
                .addSecurityItem(new SecurityRequirement().addList("token"));
    }

    /** Paths are published relative to the server URL, which already carries {@code /v1}. */
    @Bean
    OpenApiCustomizer caminhosRelativosAV1() {
        return api -> {
            Paths relativos = new Paths();
            api.getPaths().forEach((caminho, item) ->
                    relativos.addPathItem(caminho.startsWith("/v1/") ? caminho.substring(3) : caminho, item));
            api.setPaths(relativos);
            // The 3.1 converter: a 3.0 schema loses its "type" when written as 3.1.
            Map<String, Schema> erro = ModelConverters.getInstance(true).read(Erro.class);
            erro.forEach(api.getComponents()::addSchemas);
            ModelConverters.getInstance(true).read(EscritaAceita.class).forEach(api.getComponents()::addSchemas);
        };
    }

    /**
     * The 503 every operation can give: the database is out of reach or the pool has no free connection (any
     * operation: authentication itself reads the database), or a write keeps colliding with others. Defined once
     * and referenced, so a generated client gets one type for it.
     */
    @Bean
    OpenApiCustomizer respostaServicoIndisponivel() {
        return api -> {
            ApiResponse resposta = erro("Serviço indisponível por um instante: o banco de dados está fora do ar, não "
                    + "há conexão livre com ele, ou o recurso está sendo alterado por muitas requisições ao mesmo "
                    + "tempo. A requisição não foi concluída: repita depois de Retry-After segundos (com "
                    + "Idempotency-Key, repetir uma escrita é seguro)");
            resposta.addHeaderObject("Retry-After", cabecalho("Segundos até tentar de novo"));
            api.getComponents().addResponses(SERVICO_INDISPONIVEL, resposta);
        };
    }

    /**
     * swagger-core writes a nullable reference as {@code {"type": "null", "$ref": ...}}, which in OpenAPI 3.1 admits
     * only null (the keywords beside a $ref apply too): it becomes {@code anyOf: [the reference, null]}.
     */
    @Bean
    OpenApiCustomizer referenciasQuePodemSerNull() {
        return api -> {
            if (api.getComponents() != null && api.getComponents().getSchemas() != null) {
                api.getComponents().getSchemas().values().forEach(ConfiguracaoOpenApi::referenciasQuePodemSerNull);
            }
        };
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void referenciasQuePodemSerNull(Schema esquema) {
        Map<String, Schema> propriedades = esquema.getProperties();
        if (propriedades == null) {
            return;
        }
        propriedades.replaceAll((nome, propriedade) -> {
            if (propriedade.get$ref() == null || propriedade.getTypes() == null
                    || !propriedade.getTypes().contains("null")) {
                return propriedade;
            }
            return new JsonSchema().anyOf(List.of(new JsonSchema().$ref(propriedade.get$ref()),
                                                  new JsonSchema().types(Set.of("null"))))
                                   .description(propriedade.getDescription());
        });
    }

    @Bean
    OpenApiCustomizer idempotenciaECondicoes() {
        return new IdempotenciaECondicoes();
    }

    @Bean
    ErrosSemCorpoDeclarado errosSemCorpoDeclarado() {
        return new ErrosSemCorpoDeclarado();
    }

    @Bean
    OperationCustomizer errosNaDescricao() {
        return (operacao, metodo) -> {
            boolean temCorpo = Arrays.stream(metodo.getMethodParameters())
                                     .anyMatch(p -> p.hasParameterAnnotation(RequestBody.class));
            boolean temId = Arrays.stream(metodo.getMethodParameters())
                                  .anyMatch(p -> p.hasParameterAnnotation(PathVariable.class));
            ApiResponses respostas = operacao.getResponses();
            respostas.values().forEach(ConfiguracaoOpenApi::cabecalhosDeLimite);
            // every request is checked before its handler (a NUL in a parameter, a malformed If-Match or
            // Idempotency-Key), so any operation can answer 400
            adicionar(respostas, "400", "Corpo, parâmetros ou cabeçalhos inválidos");
            if (aguardaALeitura(metodo)) {
                respostas.putIfAbsent("202", new ApiResponse()
                        .description("Gravado, sem a representação: a leitura ainda não reflete a escrita (consulte"
                                     + " de novo em instantes) ou o recurso foi removido logo depois")
                        .content(new Content().addMediaType("application/json",
                                new MediaType().schema(new Schema<>().$ref(ESCRITA_ACEITA)))));
            }
            if (temCorpo) {
                adicionar(respostas, "413", "Corpo acima do limite");
                adicionar(respostas, "415", "Content-Type diferente de application/json");
            }
            if (temId) {
                adicionar(respostas, "404", "Não existe nesta loja");
            }
            adicionar(respostas, "401", "Token ausente, inválido ou revogado");
            boolean temConteudo = respostas.entrySet().stream().anyMatch(r -> r.getKey().startsWith("2")
                    && r.getValue().getContent() != null && !r.getValue().getContent().isEmpty());
            if (temConteudo) {
                adicionar(respostas, "406", "O cabeçalho Accept não admite nenhum dos tipos desta resposta");
            }
            ApiResponse limite = erro("Limite de requisições excedido");
            cabecalhosDeLimite(limite);
            limite.getHeaders().put("Retry-After", cabecalho("Segundos até poder tentar de novo"));
            respostas.putIfAbsent("429", limite);
            adicionar(respostas, "500", "Erro interno");
            respostas.putIfAbsent("503", new ApiResponse().$ref(SERVICO_INDISPONIVEL));
            return operacao;
        };
    }

    /**
     * Writes answered through {@link br.com.lojaapi.gateway.leitura.RespostaDeEscrita} (they return
     * {@code ResponseEntity<Object>}): they wait for their read model and answer 202 when it cannot show them.
     */
    private static boolean aguardaALeitura(HandlerMethod metodo) {
        RequestMapping mapeamento = AnnotatedElementUtils.findMergedAnnotation(metodo.getMethod(),
                                                                               RequestMapping.class);
        if (mapeamento == null || Arrays.stream(mapeamento.method()).noneMatch(ESCRITAS::contains)) {
            return false;
        }
        ResolvableType retorno = ResolvableType.forMethodReturnType(metodo.getMethod());
        return ResponseEntity.class.equals(retorno.resolve()) && Object.class.equals(retorno.getGeneric(0).resolve());
    }

    private static void adicionar(ApiResponses respostas, String status, String descricao) {
        respostas.putIfAbsent(status, erro(descricao));
    }

    static ApiResponse erro(String descricao) {
        return new ApiResponse().description(descricao)
                                .content(new Content().addMediaType("application/json",
                                        new MediaType().schema(new Schema<>().$ref(ERRO))));
    }

    static void cabecalhosDeLimite(ApiResponse resposta) {
        resposta.addHeaderObject("X-RateLimit-Limit", cabecalho("Requisições por minuto deste token"));
        resposta.addHeaderObject("X-RateLimit-Remaining", cabecalho("Requisições deste tipo restantes na janela"));
        resposta.addHeaderObject("X-RateLimit-Reset", cabecalho("Segundos até a cota se renovar"));
    }

    private static Header cabecalho(String descricao) {
        return new Header().description(descricao).schema(new IntegerSchema());
    }
}
