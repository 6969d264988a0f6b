package br.com.lojaapi.gateway.acesso;

import br.com.lojaapi.gateway.erro.RespostasDeErro;
import br.com.lojaapi.gateway.limite.CotaDoOperador;
import br.com.lojaapi.gateway.limite.LimiteDeRequisicoes;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.intercept.AuthorizationFilter;
import org.springframework.security.web.firewall.HttpFirewall;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import org.springframework.security.web.firewall.StrictHttpFirewall;
import org.springframework.web.servlet.handler.HandlerMappingIntrospector;

import java.io.IOException;
import java.util.List;
import java.util.Set;

/**
 * Who may do what, on Spring Security (decision 067). In front of everything, its {@link StrictHttpFirewall} refuses
 * ambiguous spellings of a path (encoded slashes, periods and percent signs, {@code ;} parameters, {@code //},
 * {@code /./}, {@code /../}, backslashes, control characters) and methods outside the API's; what is left is one
 * path that authentication, authorization and Spring MVC all read the same way, decoded ({@link Areas}). Then
 * {@link AutenticacaoFilter} takes the bearer token of the request's area, and the rules below decide: the public
 * routes listed, the operator's area for the operator token, a store's area for a store token (its
 * webhook routes also for a delivery portal link of the store, decision 077), nothing else.
 * Answers keep the contract's shape: {@code {erro}} with 401 and {@code WWW-Authenticate: Bearer}, 429 with the
 * quota headers, and every answer gets {@code Cache-Control: no-store} (unless its controller chose otherwise,
 * as public images do) and {@code X-Content-Type-Options: nosniff}.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSecurity
class ConfiguracaoDeSeguranca {

    private static final Logger log = LoggerFactory.getLogger(ConfiguracaoDeSeguranca.class);
    private static final List<String> METODOS = List.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");
    private static final Set<String> METODOS_DA_API = Set.copyOf(METODOS);
    private static final String FORA_DO_PORTAL = "Um link do portal de entregas só vale para ver os webhooks da loja "
            + "e as entregas deles, enviar um teste, reenviar e recuperar; use o token da loja";

    @Bean
    SecurityFilterChain cadeiaDeSeguranca(HttpSecurity http, LimiteDeRequisicoes limites, CotaDoOperador cota,
                                          TokenDeOperador operador, FalhasDeAutenticacao falhas,
                                          PortaisDeWebhooks portais, RespostasDeErro erros) throws Exception {
        return http
                // No sessions, cookies, forms or redirects: every request carries its bearer token.
                .csrf(AbstractHttpConfigurer::disable)
                .formLogin(AbstractHttpConfigurer::disable)
                .httpBasic(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable)
                .requestCache(AbstractHttpConfigurer::disable)
                .sessionManagement(AbstractHttpConfigurer::disable)
                .securityContext(AbstractHttpConfigurer::disable)
                .servletApi(AbstractHttpConfigurer::disable)
                .anonymous(AbstractHttpConfigurer::disable)
                .addFilterBefore(new AutenticacaoFilter(limites, cota, operador, falhas, portais, erros),
                        AuthorizationFilter.class)
                .authorizeHttpRequests(regras -> regras
                        // The rendering of an error of a request that was already decided.
                        .dispatcherTypeMatchers(DispatcherType.ERROR).permitAll()
                        .requestMatchers(Areas.PUBLICA).permitAll()
                        .requestMatchers(Areas.DO_OPERADOR).hasAuthority(AutenticacaoFilter.AUTORIDADE_OPERADOR)
                        // A portal link: the webhook routes a store may see and act on, nothing else (decision 077).
                        .requestMatchers(Areas.DO_PORTAL).hasAnyAuthority(AutenticacaoFilter.AUTORIDADE_LOJA,
                                AutenticacaoFilter.AUTORIDADE_PORTAL)
                        .requestMatchers(Areas.DA_LOJA).hasAuthority(AutenticacaoFilter.AUTORIDADE_LOJA)
                        .anyRequest().denyAll())
                .exceptionHandling(excecoes -> excecoes
                        .authenticationEntryPoint((requisicao, resposta, e) -> negada(requisicao, resposta, erros))
                        .accessDeniedHandler((requisicao, resposta, e) -> negada(requisicao, resposta, erros)))
                .build();
    }

    /**
     * A request the rules refused. Without a token there (AutenticacaoFilter answers a bad one itself) it is 401
     * with {@code WWW-Authenticate}; outside the API's areas nothing exists, so it is the answer of an unknown route;
     * a delivery portal link outside its routes is 401 too (it is no credential there); another authenticated caller
     * refused by a rule (no route lets that happen today) is 403.
     */
    private static void negada(HttpServletRequest requisicao, HttpServletResponse resposta, RespostasDeErro erros)
            throws IOException {
        if (!Areas.protegida(requisicao)) {
            erros.escrever(resposta, HttpStatus.NOT_FOUND, RespostasDeErro.mensagemPadrao(404));
        } else if (SecurityContextHolder.getContextHolderStrategy().getContext().getAuthentication() == null) {
            resposta.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
            erros.escrever(resposta, HttpStatus.UNAUTHORIZED, RespostasDeErro.mensagemPadrao(401));
        } else if (doPortal()) {
            // A portal link is no credential outside its routes: 401, as a token of another area (decision 077).
            resposta.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
            erros.escrever(resposta, HttpStatus.UNAUTHORIZED, FORA_DO_PORTAL);
        } else {
            erros.escrever(resposta, HttpStatus.FORBIDDEN, RespostasDeErro.mensagemPadrao(403));
        }
    }

    private static boolean doPortal() {
        Authentication quem = SecurityContextHolder.getContextHolderStrategy().getContext().getAuthentication();
        return quem != null && quem.getAuthorities().stream()
                .anyMatch(a -> AutenticacaoFilter.AUTORIDADE_PORTAL.equals(a.getAuthority()));
    }

    @Bean
    HttpFirewall firewall() {
        StrictHttpFirewall firewall = new StrictHttpFirewall();
        firewall.setAllowedHttpMethods(METODOS);
        return firewall;
    }

    /**
     * A request the firewall refuses gets {@code {erro}}: 405 with {@code Allow} for a method the API does not have
     * (TRACE among them), 400 for an ambiguous path or a malformed header. The refused value, chosen by the client,
     * is not repeated.
     */
    @Bean
    RequestRejectedHandler recusaDoFirewall(RespostasDeErro erros) {
        return (requisicao, resposta, recusa) -> {
            log.debug("Requisição recusada pelo firewall: {}", recusa.getMessage());
            // Refused before the header writer runs: the same headers as every other answer.
            resposta.setHeader(HttpHeaders.CACHE_CONTROL, "no-store");
            resposta.setHeader("X-Content-Type-Options", "nosniff");
            if (!METODOS_DA_API.contains(requisicao.getMethod())) {
                resposta.setHeader(HttpHeaders.ALLOW, String.join(", ", METODOS));
                erros.escrever(resposta, HttpStatus.METHOD_NOT_ALLOWED, "Método não permitido: use "
                        + String.join(", ", METODOS));
                return;
            }
            erros.escrever(resposta, HttpStatus.BAD_REQUEST, RespostasDeErro.RECUSADA_PELO_FIREWALL);
        };
    }

    /** A filter that only passes the request on. */
    static final Filter PASSAGEM = (requisicao, resposta, cadeia) -> cadeia.doFilter(requisicao, resposta);

    /**
     * No controller lookup in front of the security chain. Spring Security puts
     * {@link HandlerMappingIntrospector#createCacheFilter()} before its chain whenever Spring MVC is present: for every
     * request it finds the controller method (every handler mapping asked in turn) and keeps the answer for
     * {@code MvcRequestMatcher} and CORS. This chain uses neither: its rules are {@code PathPattern} matchers
     * ({@link Areas}), and no CORS is configured, so nothing reads that answer, and the {@code DispatcherServlet} finds
     * the controller again anyway. The lookup was 8% of the CPU of {@code GET /v1/produtos/{id}} (JFR,
     * {@code bench/run.sh}, docs/operacao/desempenho.md). The filter Spring Security builds from the introspector is
     * replaced by one that passes the request on; {@code CadeiaSemBuscaDoControladorTest} checks that the chain runs
     * without that answer.
     */
    @Bean
    static BeanPostProcessor semBuscaDoControladorAntesDaSeguranca() {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String nome) {
                return bean instanceof Filter && bean.getClass().getName()
                        .startsWith(HandlerMappingIntrospector.class.getName() + "$$Lambda") ? PASSAGEM : bean;
            }
        };
    }

    /** Spring Security's per-request observations are not wanted: the request timers already say what matters. */
    @Bean
    SecurityObservationSettings observacoesDeSeguranca() {
        return SecurityObservationSettings.noObservations();
    }
}
