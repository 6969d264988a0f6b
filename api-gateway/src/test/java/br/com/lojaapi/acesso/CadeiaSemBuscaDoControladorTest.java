package br.com.lojaapi.acesso;

import br.com.lojaapi.apoio.TesteDeApi;
import jakarta.servlet.Filter;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.web.servlet.handler.HandlerMappingIntrospector;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The security chain runs without a controller lookup in front of it: Spring Security's cache filter of
 * {@link HandlerMappingIntrospector} would find the controller of every request and leave the answer in a request
 * attribute for the rest of the chain, work that nothing in this chain reads (see {@code ConfiguracaoDeSeguranca}).
 */
class CadeiaSemBuscaDoControladorTest extends TesteDeApi {

    @Autowired
    @Qualifier("springSecurityFilterChain")
    Filter cadeiaDeSeguranca;

    @Test
    void aCadeiaDeSegurancaNaoProcuraOControladorDaRequisicao() throws Exception {
        MockHttpServletRequest requisicao = new MockHttpServletRequest("GET", "/actuator/health");
        List<String> atributos = new ArrayList<>();
        boolean[] passou = {false};
        cadeiaDeSeguranca.doFilter(requisicao, new MockHttpServletResponse(), (req, resp) -> {
            passou[0] = true;
            atributos.addAll(Collections.list(req.getAttributeNames()));
        });
        assertThat(passou[0]).as("a public route goes through the chain").isTrue();
        assertThat(atributos).noneMatch(nome -> nome.startsWith(HandlerMappingIntrospector.class.getName()));
    }
}
