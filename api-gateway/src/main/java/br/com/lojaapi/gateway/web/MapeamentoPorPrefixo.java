package br.com.lojaapi.gateway.web;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.condition.PathPatternsRequestCondition;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import org.springframework.web.util.pattern.PathPattern;

import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Spring MVC's mapping of requests to controller methods, asking each mapping whether it matches only when the
 * request's path starts with the literal part of one of the mapping's patterns ({@code /v1/produtos/} for
 * {@code /v1/produtos/{id}}). Spring finds a path without variables by a map, but a path with an id by asking every
 * mapping of the application in turn, each checking its method, headers, media types and then its pattern: a fifth
 * of the CPU of {@code GET /v1/produtos/{id}} went there ({@code bench/run.sh}, JFR). The answer is the same: a
 * path that does not start with a pattern's literal part cannot match that pattern, so the mappings skipped are
 * ones Spring would have refused. Paths with escapes ({@code %}) or matrix parameters ({@code ;}) are matched after
 * decoding by Spring, so they go through every mapping as before; so do mappings without patterns. What answers
 * 404, 405, 406 and 415 is Spring's, which looks at every mapping again when nothing matched.
 */
class MapeamentoPorPrefixo extends RequestMappingHandlerMapping {

    private static final String[] TODOS = new String[0];

    /** The path being looked up on this thread, as Spring computed it once for the whole lookup. */
    private static final ThreadLocal<String> CAMINHO = new ThreadLocal<>();

    private final Map<RequestMappingInfo, String[]> prefixos = new ConcurrentHashMap<>();

    @Override
    protected void registerHandlerMethod(Object handler, Method method, RequestMappingInfo mapping) {
        super.registerHandlerMethod(handler, method, mapping);
        prefixos.put(mapping, prefixosDe(mapping));
    }

    @Override
    protected HandlerMethod lookupHandlerMethod(String caminho, HttpServletRequest request) throws Exception {
        // a path with escapes or matrix parameters is matched by Spring after decoding: no shortcut for it
        boolean literal = caminho.indexOf('%') < 0 && caminho.indexOf(';') < 0;
        CAMINHO.set(literal ? caminho : null);
        try {
            return super.lookupHandlerMethod(caminho, request);
        } finally {
            CAMINHO.remove();
        }
    }

    @Override
    protected RequestMappingInfo getMatchingMapping(RequestMappingInfo info, HttpServletRequest request) {
        String caminho = CAMINHO.get();
        if (caminho != null) {
            String[] literais = prefixos.get(info);
            if (literais != null && literais.length > 0 && !comecaComAlgum(caminho, literais)) {
                return null;
            }
        }
        // The pattern before the method, headers and media types: a mapping matches only if all of them do, so the
        // answer is Spring's, and the mappings of the same prefix but another pattern ({id}/variacoes beside {id})
        // are refused by the one check that tells them apart.
        PathPatternsRequestCondition padroes = info.getPathPatternsCondition();
        if (padroes != null && padroes.getMatchingCondition(request) == null) {
            return null;
        }
        return super.getMatchingMapping(info, request);
    }

    private static boolean comecaComAlgum(String caminho, String[] literais) {
        for (String literal : literais) {
            if (caminho.startsWith(literal)) {
                return true;
            }
        }
        return false;
    }

    /** The literal start of each pattern; none (match as Spring does) when a pattern starts with a variable. */
    static String[] prefixosDe(RequestMappingInfo mapping) {
        PathPatternsRequestCondition condicao = mapping.getPathPatternsCondition();
        if (condicao == null || condicao.getPatterns().isEmpty()) {
            return TODOS;
        }
        String[] literais = new String[condicao.getPatterns().size()];
        int i = 0;
        for (PathPattern padrao : condicao.getPatterns()) {
            String texto = padrao.getPatternString();
            int fim = texto.length();
            for (int j = 0; j < texto.length(); j++) {
                char c = texto.charAt(j);
                if (c == '{' || c == '*' || c == '?') {
                    fim = j;
                    break;
                }
            }
            if (fim == 0) {
                return TODOS;
            }
            literais[i++] = texto.substring(0, fim);
        }
        return literais;
    }
}
