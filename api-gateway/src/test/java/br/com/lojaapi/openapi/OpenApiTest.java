package br.com.lojaapi.openapi;

import br.com.lojaapi.apoio.ConformidadeComEsquema;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.coreapi.webhook.EventoDeWebhook;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class OpenApiTest extends TesteDeApi {

    @Test
    void descricaoPublicaVersao100ComServidorEmV1() {
        Resposta resposta = api.get("/v1/openapi.json").enviar();

        assertThat(resposta.status()).isEqualTo(200);
        JsonNode api = resposta.json();
        assertThat(api.at("/info/version").asText()).isEqualTo("1.0.0");
        assertThat(api.at("/servers/0/url").asText()).endsWith("/v1");
        assertThat(api.at("/components/securitySchemes/token/scheme").asText()).isEqualTo("bearer");
    }

    @Test
    void todosOsEndpointsDeCategoriaComEsquemasEErros() {
        JsonNode caminhos = api.get("/v1/openapi.json").enviar().json().get("paths");

        assertThat(caminhos.has("/categorias")).isTrue();
        assertThat(caminhos.has("/categorias/{id}")).isTrue();
        assertThat(caminhos.fieldNames()).toIterable().noneMatch(c -> c.startsWith("/v1") || c.startsWith("/admin"));
        assertRespostas(caminhos.at("/~1categorias/get"), List.of("200", "401", "429"));
        assertRespostas(caminhos.at("/~1categorias/post"), List.of("201", "400", "401", "413", "415", "429"));
        assertRespostas(caminhos.at("/~1categorias~1{id}/get"), List.of("200", "401", "404", "429"));
        assertRespostas(caminhos.at("/~1categorias~1{id}/put"), List.of("200", "400", "401", "404", "429"));
        assertRespostas(caminhos.at("/~1categorias~1{id}/delete"), List.of("200", "401", "404", "409", "429"));
        assertThat(caminhos.at("/~1categorias/post/requestBody/content/application~1json/schema/$ref").asText())
                .endsWith("/NovaCategoria");
        assertThat(caminhos.at("/~1categorias~1{id}/get/responses/404/content/application~1json/schema/$ref").asText())
                .endsWith("/Erro");
    }

    @Test
    void catalogoCompletoNaDescricao() {
        JsonNode descricao = api.get("/v1/openapi.json").enviar().json();
        JsonNode caminhos = descricao.get("paths");

        assertRespostas(caminhos.at("/~1produtos/get"), List.of("200", "400", "401", "429"));
        assertRespostas(caminhos.at("/~1produtos/post"), List.of("200", "201", "400", "401", "413", "415", "429"));
        assertRespostas(caminhos.at("/~1produtos~1{id}/get"), List.of("200", "401", "404"));
        assertRespostas(caminhos.at("/~1produtos~1{id}/put"), List.of("200", "400", "404"));
        assertRespostas(caminhos.at("/~1produtos~1{id}/delete"), List.of("200", "404"));
        assertRespostas(caminhos.at("/~1produtos~1{id}~1variacoes/get"), List.of("200", "404"));
        assertRespostas(caminhos.at("/~1produtos~1{id}~1variacoes/post"), List.of("201", "400", "404"));
        assertRespostas(caminhos.at("/~1variacoes~1{id}/get"), List.of("200", "404"));
        assertRespostas(caminhos.at("/~1variacoes~1{id}/put"), List.of("200", "400", "404"));
        assertRespostas(caminhos.at("/~1variacoes~1{id}/delete"), List.of("200", "404"));
        assertRespostas(caminhos.at("/~1grupos-complemento/get"), List.of("200", "401"));
        assertRespostas(caminhos.at("/~1grupos-complemento/post"), List.of("201", "400"));
        assertRespostas(caminhos.at("/~1grupos-complemento~1{id}/put"), List.of("200", "404"));
        assertRespostas(caminhos.at("/~1grupos-complemento~1{id}/delete"), List.of("200", "404"));
        JsonNode esquemas = descricao.at("/components/schemas");
        assertThat(esquemas.at("/CorpoDeProduto/properties/gruposComplemento/description").asText())
                .contains("grupos de complementos");
        assertThat(esquemas.at("/Produto/properties").fieldNames()).toIterable()
                .contains("url", "categoria", "variacoes", "gruposComplemento", "operacao", "avisos");
        assertThat(esquemas.at("/ListaDeProdutos/properties/paginacao/$ref").asText()).endsWith("/Paginacao");
        assertThat(esquemas.at("/GrupoComplemento/properties/avisos/type").asText()).isEqualTo("array");
        assertThat(esquemas.at("/GrupoComplemento/properties/avisos/description").asText()).contains("SELECAO com maximo 2");
    }

    @Test
    void paginaInterativaEPublica() {
        Resposta docs = api.get("/v1/docs").enviar();
        assertThat(docs.status()).isEqualTo(302);

        Resposta pagina = api.get(docs.cabecalho("Location")).enviar();

        assertThat(pagina.status()).isEqualTo(200);
        assertThat(pagina.corpo()).contains("swagger-ui");
    }

    @Test
    void pedidosEEstoqueNaDescricao() {
        JsonNode caminhos = api.get("/v1/openapi.json").enviar().json().get("paths");

        assertRespostas(caminhos.at("/~1pedidos/get"), List.of("200", "400", "401", "429"));
        assertRespostas(caminhos.at("/~1pedidos/post"), List.of("201", "400", "401", "429"));
        assertRespostas(caminhos.at("/~1pedidos~1{id}/get"), List.of("200", "401", "404"));
        assertRespostas(caminhos.at("/~1pedidos~1{id}/patch"), List.of("200", "400", "401", "404", "409"));
        assertRespostas(caminhos.at("/~1pedidos~1{id}/delete"), List.of("200", "401", "404", "409"));
        assertRespostas(caminhos.at("/~1estoque/post"), List.of("200", "400", "401", "429"));
        assertRespostas(caminhos.at("/~1estoque~1lote/post"), List.of("200", "400", "401", "429"));
        assertThat(caminhos.at("/~1pedidos/post/requestBody/content/application~1json/schema/$ref").asText())
                .endsWith("/NovoPedido");
        assertThat(caminhos.at("/~1pedidos~1{id}/patch/requestBody/content/application~1json/schema/$ref").asText())
                .endsWith("/AlteracaoDePedido");
    }

    @Test
    void descricaoEmOpenApi31() {
        JsonNode descricao = api.get("/v1/openapi.json").enviar().json();

        assertThat(descricao.get("openapi").asText()).startsWith("3.1.");
        assertThat(descricao.at("/components/schemas/Erro/type").asText()).isEqualTo("object");
        assertThat(descricao.at("/components/schemas/NotaFiscal/properties/chave/type")).as("nullable em 3.1")
                .extracting(JsonNode::asText).containsExactly("string", "null");
        JsonNode variacao = descricao.at("/components/schemas/ItemDoPedido/properties/variacao");
        assertThat(variacao.has("type")).as("ao lado de $ref, type null recusaria a variação").isFalse();
        assertThat(variacao.at("/anyOf/0/$ref").asText()).endsWith("/VariacaoDoItem");
        assertThat(variacao.at("/anyOf/1/type").asText()).isEqualTo("null");
        descricao.at("/components/schemas").forEach(esquema -> esquema.path("properties").forEach(propriedade ->
                assertThat(propriedade.has("$ref") && propriedade.has("type")).as(propriedade.toString()).isFalse()));
    }

    @Test
    void getDeProdutoCondicionalCom304EPutComIfMatchE412() {
        JsonNode caminhos = api.get("/v1/openapi.json").enviar().json().get("paths");

        JsonNode get = caminhos.at("/~1produtos~1{id}/get");
        assertRespostas(get, List.of("200", "304", "404"));
        assertThat(cabecalho(get, "If-None-Match").get("required").asBoolean()).isFalse();
        assertThat(get.at("/responses/200/headers/ETag").isMissingNode()).isFalse();
        assertThat(get.at("/responses/304/headers/ETag").isMissingNode()).isFalse();
        assertThat(get.at("/responses/304/content").isMissingNode()).as("304 sem corpo").isTrue();
        JsonNode put = caminhos.at("/~1produtos~1{id}/put");
        assertRespostas(put, List.of("200", "400", "404", "412"));
        assertThat(cabecalho(put, "If-Match").get("required").asBoolean()).isFalse();
        assertThat(put.at("/responses/412/content/application~1json/schema/$ref").asText()).endsWith("/Erro");
    }

    @Test
    void postDePedidoComIdempotencyKey409E422() {
        JsonNode caminhos = api.get("/v1/openapi.json").enviar().json().get("paths");

        JsonNode post = caminhos.at("/~1pedidos/post");
        assertRespostas(post, List.of("201", "400", "409", "422"));
        JsonNode chave = cabecalho(post, "Idempotency-Key");
        assertThat(chave.get("required").asBoolean()).isFalse();
        assertThat(chave.at("/schema/maxLength").asInt()).isEqualTo(255);
        assertThat(post.at("/responses/201/headers/Idempotent-Replayed").isMissingNode()).isFalse();
        for (String status : List.of("409", "422")) {
            assertThat(post.at("/responses/" + status + "/content/application~1json/schema/$ref").asText())
                    .endsWith("/Erro");
            assertThat(post.at("/responses/" + status + "/description").asText()).contains("Idempotency-Key");
        }
        JsonNode patch = caminhos.at("/~1pedidos~1{id}/patch");
        assertThat(patch.at("/responses/409/description").asText())
                .as("o caso que já havia continua descrito").contains("Pedido cancelado não muda de status")
                .contains("Idempotency-Key");
        assertRespostas(patch, List.of("409", "412", "422"));
    }

    /** By method, on every operation: what a new endpoint gets without any annotation of its own. */
    @Test
    void cadaOperacaoTemOsCabecalhosDoSeuMetodo() {
        JsonNode caminhos = api.get("/v1/openapi.json").enviar().json().get("paths");

        List<String> vistas = new ArrayList<>();
        caminhos.fields().forEachRemaining(caminho -> caminho.getValue().fields().forEachRemaining(metodo -> {
            JsonNode operacao = metodo.getValue();
            String nome = metodo.getKey().toUpperCase() + " " + caminho.getKey();
            vistas.add(nome);
            switch (metodo.getKey()) {
                case "get" -> {
                    // a GET answering only files (the store label) carries no ETag, so no 304 either
                    boolean json = !operacao.at("/responses/200/content/application~1json").isMissingNode();
                    assertThat(cabecalho(operacao, "If-None-Match") != null).as(nome).isEqualTo(json);
                    assertThat(operacao.at("/responses/304").isMissingNode()).as(nome).isEqualTo(!json);
                }
                case "post", "patch" -> {
                    assertThat(cabecalho(operacao, "Idempotency-Key")).as(nome).isNotNull();
                    assertRespostas(operacao, List.of("400", "409", "422"));
                    operacao.get("responses").fields().forEachRemaining(r -> {
                        if (r.getKey().startsWith("2")) {
                            assertThat(r.getValue().at("/headers/Idempotent-Replayed").isMissingNode())
                                    .as(nome + " " + r.getKey()).isFalse();
                        }
                    });
                }
                default -> {
                }
            }
            if (List.of("put", "patch", "delete").contains(metodo.getKey())) {
                assertThat(cabecalho(operacao, "If-Match")).as(nome).isNotNull();
                assertRespostas(operacao, List.of("412"));
            }
        }));
        assertThat(vistas).contains("GET /produtos/{id}", "POST /estoque", "DELETE /webhooks/{id}");
        assertThat(caminhos.at("/~1pedidos~1{id}~1etiqueta/get/responses/304").isMissingNode())
                .as("a etiqueta da loja (PDF/ZPL) não tem ETag").isTrue();
    }

    @Test
    void webhookDeCadaTipoComCabecalhosDeEntregaECorpoTipado() {
        JsonNode descricao = api.get("/v1/openapi.json").enviar().json();
        ConformidadeComEsquema esquemas = new ConformidadeComEsquema(descricao);

        assertThat(descricao.get("webhooks").fieldNames()).toIterable()
                .containsExactlyInAnyOrderElementsOf(EventoDeWebhook.nomes());
        for (String tipo : EventoDeWebhook.nomes()) {
            JsonNode entrega = descricao.at("/webhooks/" + tipo + "/post");
            assertThat(entrega.get("parameters")).extracting(p -> p.get("name").asText()).as(tipo)
                    .containsExactly("X-Service-Event", "X-Service-Signature", "X-Service-Tentativa",
                            "X-Service-Entrega", "webhook-id", "webhook-timestamp", "webhook-signature");
            assertThat(entrega.get("security")).as("o receptor não recebe o token da loja").isEmpty();
            JsonNode envelope = esquemas.resolver(esquemas.esquemaDoWebhook(tipo));
            assertThat(envelope.get("required")).extracting(JsonNode::asText)
                    .containsExactly("evento", "criadoEm", "dados");
            assertThat(envelope.at("/properties/evento/enum/0").asText()).isEqualTo(tipo);
            assertThat(esquemas.resolver(envelope.at("/properties/dados")).get("properties")).as(tipo).isNotEmpty();
        }
        Map<String, String> dados = Map.of("pedido.criado", "/DadosPedidoCriado", "pedido.cancelado",
                "/DadosStatusDoPedido", "produto.atualizado", "/Produto", "cliente.criado", "/Cliente");
        dados.forEach((tipo, esquema) -> assertThat(esquemas.resolver(esquemas.esquemaDoWebhook(tipo))
                .at("/properties/dados/$ref").asText()).as(tipo).endsWith(esquema));
        assertThat(descricao.at("/components/schemas/DadosPedidoCriado/properties").fieldNames()).toIterable()
                .as("os campos do contrato").containsExactly("id", "numero", "status", "tipoEntrega", "subtotal",
                        "desconto", "ajustePagamento", "taxaEntrega", "total", "observacoes", "pagamentoStatus",
                        "pagamentos", "clienteNome", "clienteCelular", "clienteEmail", "clienteDocumento",
                        "clienteEndereco", "criadoEm");
        JsonNode criado = descricao.at("/components/schemas/DadosPedidoCriado");
        assertThat(criado.get("required")).as("sempre enviados, null inclusive").hasSize(18);
        assertThat(criado.at("/properties/numero/type").asText()).isEqualTo("integer");
        assertThat(criado.at("/properties/observacoes/type")).extracting(JsonNode::asText)
                .containsExactlyInAnyOrder("string", "null");
        assertThat(descricao.at("/components/schemas/DadosNotaFiscalDoPedido/properties/notaFiscal/anyOf/0/$ref")
                .asText()).endsWith("/NotaFiscal");
        JsonNode qualquer = descricao.at("/components/schemas/Evento");
        assertThat(qualquer.at("/discriminator/propertyName").asText()).isEqualTo("evento");
        assertThat(qualquer.at("/discriminator/mapping/pedido.nota_fiscal").asText())
                .isEqualTo("#/components/schemas/EventoPedidoNotaFiscal");
        assertThat(qualquer.get("oneOf")).hasSize(EventoDeWebhook.values().length);
        assertThat(descricao.at("/components/schemas/ProdutoRemovido/properties").fieldNames()).toIterable()
                .as("o esquema REST de mesmo nome continua o da API").doesNotContain("removidoEm");
    }

    @Test
    void sincroniaNasListasEFeedDeEventosTipado() {
        JsonNode descricao = api.get("/v1/openapi.json").enviar().json();
        JsonNode caminhos = descricao.get("paths");

        for (String[] lista : new String[][]{{"produtos", "Produtos"}, {"pedidos", "Pedidos"}, {"clientes", "Clientes"}}) {
            JsonNode get = caminhos.at("/~1" + lista[0] + "/get");
            List<String> consultas = new ArrayList<>();
            get.path("parameters").forEach(p -> consultas.add(p.get("in").asText() + ":" + p.get("name").asText()));
            assertThat(consultas).as(lista[0]).contains("query:atualizadoDesde", "query:cursor", "query:page");
            JsonNode alternativas = get.at("/responses/200/content/application~1json/schema/oneOf");
            assertThat(alternativas).as(lista[0]).hasSize(2);
            assertThat(alternativas.get(0).get("$ref").asText()).endsWith("/ListaDe" + lista[1]);
            assertThat(alternativas.get(1).get("$ref").asText()).endsWith("/SincroniaDe" + lista[1]);
            JsonNode pagina = descricao.at("/components/schemas/SincroniaDe" + lista[1]);
            assertThat(pagina.get("required")).extracting(JsonNode::asText)
                    .containsExactlyInAnyOrder(lista[0], "cursor", "temMais");
            assertThat(pagina.at("/properties/" + lista[0] + "/items/allOf/1/properties/removido/type").asText())
                    .isEqualTo("boolean");
        }
        JsonNode feed = caminhos.at("/~1eventos/get");
        assertRespostas(feed, List.of("200", "304", "400"));
        JsonNode item = descricao.at("/components/schemas/EventoDoFeed");
        assertThat(item.at("/allOf/0/required")).extracting(JsonNode::asText).containsExactly("id", "cursor");
        assertThat(item.at("/allOf/1/$ref").asText()).isEqualTo("#/components/schemas/Evento");
    }

    private static JsonNode cabecalho(JsonNode operacao, String nome) {
        for (JsonNode parametro : operacao.path("parameters")) {
            if ("header".equals(parametro.get("in").asText()) && nome.equals(parametro.get("name").asText())) {
                return parametro;
            }
        }
        return null;
    }

    private static void assertRespostas(JsonNode operacao, List<String> status) {
        assertThat(operacao.isMissingNode()).isFalse();
        assertThat(operacao.get("responses").fieldNames()).toIterable().containsAll(status);
    }
}
