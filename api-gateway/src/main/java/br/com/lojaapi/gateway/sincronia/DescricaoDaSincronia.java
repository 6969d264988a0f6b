package br.com.lojaapi.gateway.sincronia;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.BooleanSchema;
import io.swagger.v3.oas.models.media.ComposedSchema;
import io.swagger.v3.oas.models.media.DateTimeSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.QueryParameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.stereotype.Component;

import java.util.List;

/**
 * Sync mode in the description. Its handlers ({@link SincroniaController}) share the list's path and method, and
 * OpenAPI has one GET per path, so they are hidden and described here on the list's operation instead: the two
 * query parameters, and a 200 that is either the plain list or a sync page ({@code SincroniaDe<Recurso>}: the
 * resource as its GET shows it plus {@code removido}/{@code removidoEm}, the {@code cursor} and {@code temMais}).
 */
@Component
class DescricaoDaSincronia implements OpenApiCustomizer {

    private static final String ESQUEMAS = "#/components/schemas/";

    /** A list with sync mode: its path, the property naming the items in its body and the item's schema. */
    private record Recurso(String caminho, String lista, String esquema) {
    }

    private static final List<Recurso> RECURSOS = List.of(
            new Recurso("/produtos", "produtos", "Produto"),
            new Recurso("/pedidos", "pedidos", "Pedido"),
            new Recurso("/clientes", "clientes", "Cliente"));

    @Override
    public void customise(OpenAPI api) {
        if (api.getPaths() == null) {
            return;
        }
        for (Recurso recurso : RECURSOS) {
            // relative to the server URL once ConfiguracaoOpenApi has rewritten the paths, absolute before
            PathItem item = api.getPaths().get(recurso.caminho());
            if (item == null) {
                item = api.getPaths().get("/v1" + recurso.caminho());
            }
            if (item == null || item.getGet() == null) {
                continue;
            }
            String pagina = "SincroniaDe" + recurso.esquema() + "s";
            api.getComponents().addSchemas(pagina, pagina(recurso));
            descrever(item.getGet(), pagina);
        }
    }

    private static Schema<?> pagina(Recurso recurso) {
        Schema<?> item = new ComposedSchema().allOf(List.of(
                new Schema<>().$ref(ESQUEMAS + recurso.esquema()),
                new ObjectSchema()
                        .addProperty("removido", new BooleanSchema()
                                .description("true: removido; o corpo é o seu último estado"))
                        .addProperty("removidoEm", new DateTimeSchema().description("Só nos removidos"))
                        .required(List.of("removido"))));
        return new ObjectSchema()
                .description("Uma página da sincronia incremental (extensão), em ordem de atualizadoEm e id")
                .addProperty(recurso.lista(), new ArraySchema().items(item))
                .addProperty("cursor", new StringSchema()
                        .description("Opaco: passe-o em cursor para a página seguinte e guarde o último"))
                .addProperty("temMais", new BooleanSchema()
                        .description("false: a sincronia chegou ao horizonte; volte mais tarde com o mesmo cursor"))
                .required(List.of(recurso.lista(), "cursor", "temMais"));
    }

    private static void descrever(Operation operacao, String pagina) {
        operacao.addParametersItem(new QueryParameter().name("atualizadoDesde")
                .description("Sincronia incremental (extensão): lista o que mudou desde esta data-hora (ISO-8601 com "
                        + "fuso, inclusive) em ordem de atualizadoEm e id, removidos inclusive. Não se combina com "
                        + "page, com os filtros da lista nem com cursor (400)")
                .schema(new DateTimeSchema()));
        operacao.addParametersItem(new QueryParameter().name("cursor")
                .description("Continua a sincronia incremental de onde a página anterior parou; vale em qualquer nó "
                        + "e depois de reinícios")
                .schema(new StringSchema()));
        String nota = "Com atualizadoDesde ou cursor, a resposta é uma página de sincronia (" + pagina + "): cada "
                + "alteração aparece uma vez, na ordem, só depois do horizonte de alguns segundos "
                + "(SYNC_SAFETY_MARGIN) e de toda escrita ainda aberta, de modo que nenhuma se perde.";
        operacao.setDescription(operacao.getDescription() == null ? nota : operacao.getDescription() + " " + nota);
        ApiResponse ok = operacao.getResponses() == null ? null : operacao.getResponses().get("200");
        if (ok == null || ok.getContent() == null) {
            return;
        }
        MediaType json = ok.getContent().get("application/json");
        if (json == null || json.getSchema() == null) {
            return;
        }
        json.setSchema(new ComposedSchema().oneOf(List.of(json.getSchema(), new Schema<>().$ref(ESQUEMAS + pagina))));
    }
}
