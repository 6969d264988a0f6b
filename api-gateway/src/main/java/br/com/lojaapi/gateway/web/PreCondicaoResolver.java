package br.com.lojaapi.gateway.web;

import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

import java.util.Arrays;

/** Hands PUT, PATCH and DELETE handlers the request's {@link PreCondicao}. */
public class PreCondicaoResolver implements HandlerMethodArgumentResolver {

    @Override
    public boolean supportsParameter(MethodParameter parametro) {
        return parametro.getParameterType() == PreCondicao.class;
    }

    @Override
    public Object resolveArgument(MethodParameter parametro, ModelAndViewContainer mav, NativeWebRequest requisicao,
                                  WebDataBinderFactory binders) {
        String[] linhas = requisicao.getHeaderValues(PreCondicao.CABECALHO);
        return linhas == null ? PreCondicao.NENHUMA : PreCondicao.de(Arrays.asList(linhas));
    }
}
