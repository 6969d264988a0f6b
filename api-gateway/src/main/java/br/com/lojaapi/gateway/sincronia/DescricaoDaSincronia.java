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
import java.util.Map;

/**
 * Sync mode in the description. Its handlers ({@link SincroniaController}) share the list's path and method, and
 * OpenAPI has one GET per path, so they are hidden and described here on the list's operation instead: the two
 * query parameters, and one schema for the 200 of both modes (a {@code oneOf} of two bodies that both match every
 * answer makes generated clients pick the wrong one or fail). The list schema ({@code ListaDeProdutos}) lists
 * {@code <Recurso>NaLista} items (the resource as its GET shows it, plus {@code removido}/{@code removidoEm} only in
 * sync) and requires only the items: {@code paginacao} comes in the plain list, {@code cursor} and {@code temMais}
 * in a sync page.
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
            api.getComponents().getSchemas().remove("SincroniaDe" + recurso.esquema() + "s");
            descrever(item.getGet(), recurso, api);
        }
    }

    /** {@code Produto} → {@code ProdutoNaLista}: the resource plus the two fields only a sync page has. */
    private static Schema<?> itemDaLista(Recurso recurso) {
        return new ComposedSchema()
                .description(recurso.esquema() + " como o GET o mostra; na sincronia, também removido e removidoEm")
                .allOf(List.of(new Schema<>().$ref(ESQUEMAS + recurso.esquema()), new ObjectSchema()
                        .addProperty("removido", new BooleanSchema()
                                .description("Só na sincronia, sempre presente nela: true quando removido; o corpo é "
                                        + "o seu último estado"))
                        .addProperty("removidoEm", new DateTimeSchema()
                                .description("Só na sincronia, e só nos removidos"))));
    }

    /**
     * One schema for both answers, so that a generated client picks it without guessing: the list's own fields,
     * with {@code paginacao} only in the plain list and {@code cursor}/{@code temMais} only in a sync page.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void lista(Schema lista, Recurso recurso, String item) {
        Map<String, Schema> propriedades = lista.getProperties();
        propriedades.put(recurso.lista(), new ArraySchema().items(new Schema<>().$ref(ESQUEMAS + item)));
        Schema paginacao = propriedades.get("paginacao");
        if (paginacao != null) {
            propriedades.put("paginacao", new Schema<>().$ref(paginacao.get$ref())
                    .description("Só na lista paginada (sem atualizadoDesde nem cursor), sempre presente nela"));
        }
        propriedades.put("cursor", new StringSchema()
                .description("Só na sincronia, sempre presente nela. Opaco: passe-o em cursor para a página "
                        + "seguinte e guarde o último"));
        propriedades.put("temMais", new BooleanSchema()
                .description("Só na sincronia, sempre presente nela. false: a sincronia chegou ao horizonte (a "
                        + "última alteração que já pode ser entregue sem pular uma escrita ainda aberta); volte mais "
                        + "tarde com o mesmo cursor"));
        lista.setRequired(List.of(recurso.lista()));
    }

    private static void descrever(Operation operacao, Recurso recurso, OpenAPI api) {
        operacao.addParametersItem(new QueryParameter().name("atualizadoDesde")
                .description("Sincronia incremental (extensão): lista o que mudou desde esta data-hora (ISO-8601 com "
                        + "fuso, inclusive), removidos inclusive, na ordem em que as alterações foram feitas; depois "
                        + "da primeira delas vem também o que mudou em seguida com atualizadoEm um pouco anterior (uma "
                        + "escrita concorrente). Não se combina com page, com os filtros da lista nem com cursor (400)")
                .schema(new DateTimeSchema()));
        operacao.addParametersItem(new QueryParameter().name("cursor")
                .description("Continua a sincronia incremental de onde a página anterior parou; vale em qualquer nó, "
                        + "depois de reinícios e de reconstruções do modelo de leitura. Um cursor da versão que "
                        + "ordenava por atualizadoEm continua valendo: segue da primeira alteração depois dele")
                .schema(new StringSchema()));
        String nota = "Com atualizadoDesde ou cursor, a resposta é uma página de sincronia: cursor e temMais em vez "
                + "de paginacao, e removido (removidoEm nos removidos) em cada item. Cada alteração aparece uma vez, "
                + "na ordem em que foi feita, assim que a escrita respondeu, em qualquer nó; enquanto uma escrita "
                + "anterior ainda não terminou, as seguintes esperam por ela, de modo que nenhuma se perde.";
        operacao.setDescription(operacao.getDescription() == null ? nota : operacao.getDescription() + " " + nota);
        ApiResponse ok = operacao.getResponses() == null ? null : operacao.getResponses().get("200");
        if (ok == null || ok.getContent() == null) {
            return;
        }
        MediaType json = ok.getContent().get("application/json");
        if (json == null || json.getSchema() == null || json.getSchema().get$ref() == null) {
            return;
        }
        String ref = json.getSchema().get$ref();
        Schema<?> lista = api.getComponents().getSchemas().get(ref.substring(ref.lastIndexOf('/') + 1));
        if (lista == null || lista.getProperties() == null) {
            return;
        }
        String item = recurso.esquema() + "NaLista";
        api.getComponents().addSchemas(item, itemDaLista(recurso));
        lista(lista, recurso, item);
        lista.setDescription("Uma página da lista; com atualizadoDesde ou cursor, uma página da sincronia "
                + "incremental (extensão), na ordem em que as alterações foram feitas");
    }
}
