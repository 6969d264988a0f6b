package br.com.lojaapi.gateway.acesso;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpMethod;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * The areas of the service's address space, as {@code PathPattern} matchers: they match the decoded,
 * normalised path exactly as Spring MVC routes it ({@code /%61dmin/lojas} is {@code /admin/lojas} to both), so what
 * authentication and authorization decide is about the route that will run. Everything outside these areas is denied.
 *
 * @see org.springframework.web.util.pattern.PathPattern
 */
final class Areas {

    private static final PathPatternRequestMatcher.Builder CAMINHO = PathPatternRequestMatcher.withDefaults();

    /**
     * Served to anyone: the API's description, product images (shown on storefronts), the health probes. Each for
     * GET and for HEAD, which is GET without the body (RFC 9110): a load balancer that probes health with HEAD must
     * see what GET shows, not a demand for a token.
     */
    static final RequestMatcher PUBLICA = new OrRequestMatcher(
            leitura("/v1/openapi.json"),
            leitura("/v1/openapi.json/**"),
            leitura("/v1/docs"),
            leitura("/v1/docs/**"),
            leitura("/v1/swagger-ui/**"),
            // The delivery portal's page and its script and style (its data is behind the link's secret).
            leitura("/portal/webhooks"),
            leitura("/portal/webhooks/{arquivo}"),
            leitura("/imagens/{lojaId}/{arquivo}"),
            leitura("/actuator/health"),
            leitura("/actuator/health/**"),
            // the operators' console: a page and its files, no data (that comes from /admin with the token)
            leitura("/admin/console"),
            leitura("/admin/console/{arquivo}"));

    /** The operator's: the panel's API and the operations endpoints other than health. */
    static final RequestMatcher DO_OPERADOR = new OrRequestMatcher(
            CAMINHO.matcher("/admin/**"),
            CAMINHO.matcher("/actuator/**"));

    /** Charged to the operator's quota: the panel's API, not the scraping of metrics. */
    static final RequestMatcher PAINEL = CAMINHO.matcher("/admin/**");

    /** A store's, with a token bound to it. */
    static final RequestMatcher DA_LOJA = CAMINHO.matcher("/v1/**");

    /**
     * Inside the store's area, what a delivery portal link may reach (decision 077): the store's webhooks, their
     * deliveries, a test, a redelivery, a recovery, and the link's own session ({@code GET /v1/webhooks/portal},
     * matched by {@code /v1/webhooks/{id}}). Never creating or removing a webhook, nor making another link.
     */
    static final RequestMatcher DO_PORTAL = new OrRequestMatcher(
            CAMINHO.matcher(HttpMethod.GET, "/v1/webhooks"),
            CAMINHO.matcher(HttpMethod.GET, "/v1/webhooks/{id}"),
            CAMINHO.matcher(HttpMethod.GET, "/v1/webhooks/{id}/entregas"),
            CAMINHO.matcher(HttpMethod.POST, "/v1/webhooks/{id}/entregas/{entregaId}/reenviar"),
            CAMINHO.matcher(HttpMethod.POST, "/v1/webhooks/{id}/recuperar"),
            CAMINHO.matcher(HttpMethod.POST, "/v1/webhooks/{id}/teste"));

    private Areas() {
    }

    private static RequestMatcher leitura(String padrao) {
        return new OrRequestMatcher(CAMINHO.matcher(HttpMethod.GET, padrao), CAMINHO.matcher(HttpMethod.HEAD, padrao));
    }

    /** Whether the request falls in an area that takes a token (else it is either public or nowhere). */
    static boolean protegida(HttpServletRequest requisicao) {
        return DO_OPERADOR.matches(requisicao) || DA_LOJA.matches(requisicao);
    }
}
