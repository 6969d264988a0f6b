package br.com.lojaapi.gateway.web;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import org.springframework.core.annotation.AliasFor;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The GET of one resource by its id, {@code /{id}} under the controller's path, as every resource of the store has
 * it: answered by {@link Recurso#ler}, 200 with the resource (its schema is the handler's return type) and its
 * ETag, 304 when If-None-Match holds that tag, 404 for an id that is not one of the store's. The mapping and its
 * description are declared here once; a handler says only its names:
 * <pre>{@code
 * @LeituraPorId(operationId = "lerCategoria", summary = "Lê uma categoria", resposta = "A categoria")
 * ResponseEntity<CategoriaJson> ler(LojaAtual loja, RespostaCondicional condicional, @PathVariable String id)
 * }</pre>
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@RequestMapping(method = RequestMethod.GET, path = "/{id}")
@Operation
@ApiResponse(responseCode = "200")
public @interface LeituraPorId {

    @AliasFor(annotation = Operation.class, attribute = "operationId")
    String operationId();

    @AliasFor(annotation = Operation.class, attribute = "summary")
    String summary();

    /** The description of the 200 answer ("O produto"). */
    @AliasFor(annotation = ApiResponse.class, attribute = "description")
    String resposta();
}
