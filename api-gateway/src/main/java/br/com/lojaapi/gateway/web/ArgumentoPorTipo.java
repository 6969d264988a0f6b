package br.com.lojaapi.gateway.web;

import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

import java.util.function.Function;

/**
 * Hands handlers every parameter of one type, made from the request: what a handler needs that is no parameter of
 * the API (the request's If-Match, its conditional GET). The OpenAPI description leaves these types out.
 */
final class ArgumentoPorTipo<T> implements HandlerMethodArgumentResolver {

    private final Class<T> tipo;
    private final Function<NativeWebRequest, T> valor;

    private ArgumentoPorTipo(Class<T> tipo, Function<NativeWebRequest, T> valor) {
        this.tipo = tipo;
        this.valor = valor;
    }

    static <T> ArgumentoPorTipo<T> de(Class<T> tipo, Function<NativeWebRequest, T> valor) {
        return new ArgumentoPorTipo<>(tipo, valor);
    }

    @Override
    public boolean supportsParameter(MethodParameter parametro) {
        return parametro.getParameterType() == tipo;
    }

    @Override
    public Object resolveArgument(MethodParameter parametro, ModelAndViewContainer mav, NativeWebRequest requisicao,
                                  WebDataBinderFactory binders) {
        return valor.apply(requisicao);
    }
}
