package br.com.lojaapi.gateway.web;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.support.StaticWebApplicationContext;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerExecutionChain;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.util.ServletRequestPathUtils;
import org.springframework.web.util.pattern.PathPatternParser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The shortcut by literal prefixes finds what Spring's full scan finds, and refuses what it refuses. */
class MapeamentoPorPrefixoTest {

    @RestController
    static class Controlador {

        @GetMapping("/v1/produtos/{id}")
        String produto() {
            return "produto";
        }

        @DeleteMapping("/v1/produtos/{id}")
        String remover() {
            return "remover";
        }

        @GetMapping(path = "/v1/produtos/{id}/variacoes", produces = "application/json")
        String variacoes() {
            return "variacoes";
        }

        @GetMapping("/v1/pedidos/{id}/notas-fiscais/{nota}")
        String nota() {
            return "nota";
        }

        @GetMapping("/{qualquer}/eco")
        String eco() {
            return "eco";
        }
    }

    private final MapeamentoPorPrefixo mapeamento = new MapeamentoPorPrefixo();

    @BeforeEach
    void registrar() {
        StaticWebApplicationContext contexto = new StaticWebApplicationContext();
        contexto.registerSingleton("controlador", Controlador.class);
        contexto.refresh();
        mapeamento.setApplicationContext(contexto);
        mapeamento.afterPropertiesSet();
    }

    private String metodo(String verbo, String caminho) throws Exception {
        return metodo(verbo, caminho, null);
    }

    private String metodo(String verbo, String caminho, String aceita) throws Exception {
        MockHttpServletRequest pedido = new MockHttpServletRequest(verbo, caminho);
        if (aceita != null) {
            pedido.addHeader("Accept", aceita);
        }
        ServletRequestPathUtils.parseAndCache(pedido);
        HandlerExecutionChain cadeia = mapeamento.getHandler(pedido);
        return cadeia == null ? null : ((HandlerMethod) cadeia.getHandler()).getMethod().getName();
    }

    @Test
    void encontraPeloPrefixoOuPelaVarreduraComoOSpring() throws Exception {
        assertThat(metodo("GET", "/v1/produtos/abc")).isEqualTo("produto");
        assertThat(metodo("DELETE", "/v1/produtos/abc")).isEqualTo("remover");
        assertThat(metodo("GET", "/v1/pedidos/1/notas-fiscais/2")).isEqualTo("nota");
        assertThat(metodo("GET", "/v1/eco")).as("a pattern that starts with a variable").isEqualTo("eco");
        assertThat(metodo("GET", "/v1/pr%6Fdutos/abc")).as("Spring decodes before matching").isEqualTo("produto");
        assertThat(metodo("GET", "/v1/produtos;v=1/abc")).as("matrix parameters").isEqualTo("produto");
        assertThat(metodo("GET", "/v1/categorias/abc")).isNull();
        assertThat(metodo("GET", "/v1/produto/abc")).isNull();
    }

    /** The pattern is checked first: mappings of the same prefix are told apart by it, the rest is Spring's. */
    @Test
    void padraoAntesDoMetodoEDoTipoDaMesmaResposta() throws Exception {
        assertThat(metodo("GET", "/v1/produtos/abc/variacoes")).isEqualTo("variacoes");
        assertThat(metodo("GET", "/v1/produtos/abc/variacoes", "application/json")).isEqualTo("variacoes");
        assertThat(metodo("GET", "/v1/produtos/abc/outra")).isNull();
        assertThatThrownBy(() -> metodo("GET", "/v1/produtos/abc/variacoes", "text/csv"))
                .as("a media type the mapping does not produce is still 406")
                .isInstanceOf(HttpMediaTypeNotAcceptableException.class);
        assertThatThrownBy(() -> metodo("DELETE", "/v1/produtos/abc/variacoes"))
                .as("a method the pattern's mapping lacks is still 405")
                .isInstanceOf(HttpRequestMethodNotSupportedException.class);
    }

    @Test
    void metodoErradoContinuaSendo405() {
        assertThatThrownBy(() -> metodo("POST", "/v1/produtos/abc"))
                .isInstanceOf(HttpRequestMethodNotSupportedException.class);
    }

    @Test
    void prefixoELiteralAteAPrimeiraVariavel() {
        RequestMappingInfo.BuilderConfiguration opcoes = new RequestMappingInfo.BuilderConfiguration();
        opcoes.setPatternParser(new PathPatternParser());
        assertThat(MapeamentoPorPrefixo.prefixosDe(RequestMappingInfo.paths("/v1/produtos/{id}", "/v1/lote/**")
                                                                       .options(opcoes).build()))
                .containsExactlyInAnyOrder("/v1/produtos/", "/v1/lote/");
        assertThat(MapeamentoPorPrefixo.prefixosDe(RequestMappingInfo.paths("/v1/pedidos").options(opcoes).build()))
                .containsExactly("/v1/pedidos");
        assertThat(MapeamentoPorPrefixo.prefixosDe(RequestMappingInfo.paths("/v1/x", "/{a}").options(opcoes).build()))
                .containsExactlyInAnyOrder("/v1/x", "/");
    }
}
