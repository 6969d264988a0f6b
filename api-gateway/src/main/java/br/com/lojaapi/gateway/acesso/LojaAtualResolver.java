package br.com.lojaapi.gateway.acesso;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

/** Hands controllers the {@link LojaAtual} that the authentication filter established. */
public class LojaAtualResolver implements HandlerMethodArgumentResolver {

    @Override
    public boolean supportsParameter(MethodParameter parametro) {
        return parametro.getParameterType() == LojaAtual.class;
    }

    @Override
    public Object resolveArgument(MethodParameter parametro, ModelAndViewContainer mav, NativeWebRequest requisicao,
                                  WebDataBinderFactory binders) {
        HttpServletRequest http = requisicao.getNativeRequest(HttpServletRequest.class);
        Object loja = http == null ? null : http.getAttribute(LojaAtual.ATRIBUTO);
        if (loja == null) {
            // Only reachable if a /v1 route were mapped outside the authentication filter: fail closed.
            throw new IllegalStateException("requisição sem loja autenticada");
        }
        return loja;
    }
}
