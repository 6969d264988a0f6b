package br.com.lojaapi.gateway.openapi;

import br.com.lojaapi.gateway.erro.Erro;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.responses.ApiResponses;
import org.springdoc.core.customizers.GlobalOperationComponentsCustomizer;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.web.method.HandlerMethod;

/**
 * An error answer a handler documents without a body ({@code @ApiResponse(responseCode = "409", description = ...)})
 * has the body every error the service writes has, {@code {erro}}: handlers do not repeat it, and springdoc would
 * otherwise describe the handler's own return type there. The {@code Erro} component is declared where the first
 * such answer refers to it, as an explicit {@code @Schema(implementation = Erro.class)} would have it.
 */
final class ErrosSemCorpoDeclarado implements GlobalOperationComponentsCustomizer {

    private static final String ERRO = "Erro";

    @Override
    public Operation customize(Operation operacao, Components componentes, HandlerMethod metodo) {
        ApiResponses respostas = operacao.getResponses();
        for (ApiResponse declarada : AnnotatedElementUtils.findMergedRepeatableAnnotations(metodo.getMethod(),
                ApiResponse.class)) {
            String status = declarada.responseCode();
            if ((status.startsWith("4") || status.startsWith("5")) && declarada.content().length == 0
                    && respostas != null && respostas.containsKey(status)) {
                respostas.get(status).setContent(ConfiguracaoOpenApi.erro(declarada.description()).getContent());
                if (componentes.getSchemas() == null || !componentes.getSchemas().containsKey(ERRO)) {
                    ModelConverters.getInstance(true).read(Erro.class).forEach(componentes::addSchemas);
                }
            }
        }
        return operacao;
    }

    @Override
    public Operation customize(Operation operacao, HandlerMethod metodo) {
        return operacao;
    }
}
