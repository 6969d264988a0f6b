package br.com.lojaapi.gateway.web;

import br.com.lojaapi.gateway.acesso.LojaAtualResolver;
import br.com.lojaapi.gateway.erro.ValvulaDeErroJson;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import org.apache.catalina.core.StandardHost;
import org.springframework.boot.autoconfigure.jackson.Jackson2ObjectMapperBuilderCustomizer;
import org.springframework.boot.autoconfigure.web.servlet.WebMvcRegistrations;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import java.util.Arrays;
import java.util.List;

@Configuration(proxyBeanMethods = false)
public class ConfiguracaoWeb implements WebMvcConfigurer {

    /**
     * JSON input is taken at its word: "5" is not a number, 1.5 is not an integer and "true" is not a boolean, so
     * a client's type mistake is a 400 naming the field rather than a silent coercion; text fields take only JSON
     * strings without NUL ({@link TextoJson}). Unknown fields are ignored, as the contract requires for
     * {@code categoriaPaiId}.
     *
     * <p>An empty, blank or NUL-only string is not a value either: Jackson takes a blank string in a number,
     * boolean or date field as null even with scalar coercion off (its blank check counts every character up to
     * U+0020, NUL included), so {@code "preco":"   "} would clear a price. The coercion defaults make such strings
     * fail in every non-text field, {@code Optional} ones included, like {@code "abc"} does.
     */
    @Bean
    Jackson2ObjectMapperBuilderCustomizer jsonEstrito() {
        return builder -> builder
                .deserializerByType(String.class, new TextoJson())
                .serializerByType(java.math.BigDecimal.class, new NumeroJson())
                .featuresToDisable(MapperFeature.ALLOW_COERCION_OF_SCALARS,
                        DeserializationFeature.ACCEPT_FLOAT_AS_INT,
                        DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .featuresToEnable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES,
                        DeserializationFeature.FAIL_ON_TRAILING_TOKENS,
                        JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
                .postConfigurer(mapper -> mapper.coercionConfigDefaults()
                        .setAcceptBlankAsEmpty(false)
                        .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail));
    }

    /** Controller methods found by their paths' literal prefixes first ({@link MapeamentoPorPrefixo}). */
    @Bean
    WebMvcRegistrations mapeamentoPorPrefixo() {
        return new WebMvcRegistrations() {
            @Override
            public RequestMappingHandlerMapping getRequestMappingHandlerMapping() {
                return new MapeamentoPorPrefixo();
            }
        };
    }

    /**
     * Tomcat's own error answers in {@code {erro}} JSON: those of a request mapped to the application (host's
     * valve), and those it gives before mapping one, such as a 405 to TRACE (engine's valve, which speaks only when
     * the host's did not).
     */
    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> paginasDeErroJson() {
        return fabrica -> {
            fabrica.addEngineValves(new ValvulaDeErroJson());
            fabrica.addContextCustomizers(contexto -> {
                if (contexto.getParent() instanceof StandardHost host) {
                    host.setErrorReportValveClass(ValvulaDeErroJson.class.getName());
                }
            });
        };
    }

    /** What handlers receive besides the API's parameters (and {@link RespostaCondicionalResolver}'s GETs). */
    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(new LojaAtualResolver());
        resolvers.add(ArgumentoPorTipo.de(PreCondicao.class, requisicao -> {
            String[] linhas = requisicao.getHeaderValues(PreCondicao.CABECALHO);
            return linhas == null ? PreCondicao.NENHUMA : PreCondicao.de(Arrays.asList(linhas));
        }));
    }
}
