package br.com.lojaapi.openapi;

import br.com.lojaapi.apoio.ConformidadeComEsquema;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.command.entrega.EventoDeWebhook;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class OpenApiTest extends TesteDeApi {

    @Test
    void descricaoPublicaVersao100ComServidorEmV1() {
        Resposta resposta = api.get("/v1/openapi.json").enviar();

        assertThat(resposta.status()).isEqualTo(200);
        JsonNode api = resposta.json();
        assertThat(api.at("/info/version").asText()).isEqualTo("1.0.0");
        assertThat(api.at("/servers/0/url").asText()).as("relativa: vale em qualquer host, sem PUBLIC_BASE_URL")
                .isEqualTo("/v1");
        assertThat(api.at("/info/license/name").asText()).isNotBlank();
        assertThat(api.at("/info/license/identifier").asText()).isNotBlank();
        assertThat(api.at("/info/contact/name").asText()).isNotBlank();
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
            assertThat(descricao.at("/webhooks/" + tipo + "/$ref").asText())
                    .isEqualTo("#/components/pathItems/" + tipo);
            JsonNode entrega = esquemas.entregaDoWebhook(tipo);
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
        JsonNode qualquer = descricao.at("/components/schemas/EventoDoFeed");
        assertThat(qualquer.at("/discriminator/propertyName").asText()).isEqualTo("evento");
        assertThat(qualquer.at("/discriminator/mapping/pedido.nota_fiscal").asText())
                .isEqualTo("#/components/schemas/EventoDoFeedPedidoNotaFiscal");
        assertThat(qualquer.get("oneOf")).hasSize(EventoDeWebhook.assinaveis().size());
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
            JsonNode resposta = get.at("/responses/200/content/application~1json/schema");
            assertThat(resposta.has("oneOf")).as("um só esquema: dois que aceitam tudo confundem os clientes")
                    .isFalse();
            assertThat(resposta.get("$ref").asText()).endsWith("/ListaDe" + lista[1]);
            JsonNode pagina = descricao.at("/components/schemas/ListaDe" + lista[1]);
            assertThat(pagina.get("required")).extracting(JsonNode::asText).containsExactly(lista[0]);
            assertThat(pagina.at("/properties/cursor/type").asText()).isEqualTo("string");
            assertThat(pagina.at("/properties/temMais/type").asText()).isEqualTo("boolean");
            assertThat(pagina.at("/properties/paginacao/$ref").asText()).endsWith("/Paginacao");
            String item = lista[1].substring(0, lista[1].length() - 1) + "NaLista";
            assertThat(pagina.at("/properties/" + lista[0] + "/items/$ref").asText()).endsWith("/" + item);
            assertThat(descricao.at("/components/schemas/" + item + "/allOf/1/properties/removido/type").asText())
                    .isEqualTo("boolean");
            assertThat(descricao.at("/components/schemas/" + item + "/allOf/1/required").isMissingNode()).isTrue();
            assertThat(descricao.at("/components/schemas/SincroniaDe" + lista[1]).isMissingNode()).isTrue();
        }
        JsonNode feed = caminhos.at("/~1eventos/get");
        assertRespostas(feed, List.of("200", "304", "400"));
        JsonNode item = descricao.at("/components/schemas/EventoDoFeed");
        assertThat(item.get("oneOf")).hasSize(EventoDeWebhook.assinaveis().size());
        JsonNode criado = descricao.at("/components/schemas/EventoDoFeedPedidoCriado");
        assertThat(criado.get("required")).extracting(JsonNode::asText)
                .containsExactly("id", "cursor", "evento", "criadoEm", "dados");
        assertThat(criado.at("/properties/dados/$ref").asText()).endsWith("/DadosPedidoCriado");
    }

    @Test
    void operationIdsExplicitosUnicosESemColisaoComEsquemas() {
        JsonNode descricao = api.get("/v1/openapi.json").enviar().json();
        List<String> ids = new ArrayList<>();
        descricao.get("paths").forEach(item -> item.fields().forEachRemaining(metodo -> {
            if (metodo.getValue().has("responses")) {
                assertThat(metodo.getValue().has("operationId")).as(metodo.getKey()).isTrue();
                ids.add(metodo.getValue().get("operationId").asText());
            }
        }));
        assertThat(ids).doesNotHaveDuplicates().noneMatch(id -> id.matches(".*_\\d+"));
        Set<String> esquemas = new HashSet<>();
        descricao.at("/components/schemas").fieldNames().forEachRemaining(n -> esquemas.add(n.toLowerCase()));
        assertThat(ids).noneMatch(id -> esquemas.contains(id.toLowerCase()));
        assertThat(ids).contains("listarPedidos", "criarPedido", "lerPedido", "alterarPedido", "removerPedido",
                "lerEtiquetaDoPedido", "gerarEtiquetasEmLote", "enviarNotaFiscal", "enviarEtiquetaDeTransportadora",
                "listarProdutos", "listarEventos", "movimentarEstoqueEmLote");
    }

    @Test
    void enviosDeArquivosComTodosOsFormatosERespostaTipada() {
        JsonNode descricao = api.get("/v1/openapi.json").enviar().json();
        JsonNode nota = descricao.at("/paths/~1pedidos~1{pedidoId}~1notas-fiscais/post");
        assertThat(nota.at("/requestBody/content").fieldNames()).toIterable().containsExactlyInAnyOrder(
                "multipart/form-data", "application/xml", "text/xml", "application/json");
        assertThat(descricao.at("/components/schemas/NotaFiscalMultipart/properties").fieldNames()).toIterable()
                .containsExactlyInAnyOrder("xml", "pdf", "fiscal_document", "chave", "numero", "serie");
        JsonNode etiqueta = descricao.at("/paths/~1pedidos~1{pedidoId}~1etiquetas/post");
        assertThat(etiqueta.at("/requestBody/content").fieldNames()).toIterable().containsExactlyInAnyOrder(
                "multipart/form-data", "application/json", "application/pdf", "text/plain");
        assertThat(descricao.at("/components/schemas/EtiquetaMultipart/properties").fieldNames()).toIterable()
                .containsExactlyInAnyOrder("arquivo", "transportadora", "servico", "codigoRastreio", "urlRastreio",
                        "volume");
        for (String status : List.of("200", "201")) {
            assertThat(nota.at("/responses/" + status + "/content/application~1json/schema/$ref").asText())
                    .endsWith("/NotaFiscal");
            assertThat(etiqueta.at("/responses/" + status + "/content/application~1json/schema/$ref").asText())
                    .endsWith("/Etiqueta");
        }
    }

    @Test
    void respostasObrigatoriasEAnulaveisComoOServidorEscreve() {
        JsonNode descricao = api.get("/v1/openapi.json").enviar().json();
        JsonNode esquemas = descricao.at("/components/schemas");
        assertThat(esquemas.has("JsonNode")).isFalse();
        assertThat(esquemas.at("/ItemDoPedido/properties/opcoes/type").isMissingNode()).as("JSON livre: {}").isTrue();
        esquemas.forEach(esquema -> esquema.path("properties").forEach(propriedade ->
                assertThat(propriedade.path("type").isArray() && propriedade.get("type").size() == 1
                        && "null".equals(propriedade.get("type").get(0).asText())
                        || "null".equals(propriedade.path("type").asText()))
                        .as("só null: " + propriedade).isFalse()));
        JsonNode produto = esquemas.get("Produto");
        List<String> obrigatorios = new ArrayList<>();
        produto.get("required").forEach(r -> obrigatorios.add(r.asText()));
        List<String> propriedades = new ArrayList<>();
        produto.get("properties").fieldNames().forEachRemaining(propriedades::add);
        propriedades.removeAll(List.of("operacao", "avisos"));
        assertThat(obrigatorios).containsExactlyInAnyOrderElementsOf(propriedades);
        for (String campo : List.of("descricao", "precoPromocional", "codigoBarras", "sku", "referencia",
                "codIntegracao", "peso", "altura", "largura", "comprimento")) {
            assertThat(produto.at("/properties/" + campo + "/type")).as(campo).extracting(JsonNode::asText)
                    .contains("null");
        }
        Map<String, List<String>> anulaveis = Map.of(
                "Variacao", List.of("valor2", "preco", "sku", "codigoBarras", "codIntegracao"),
                "ClienteDoPedido", List.of("email", "telefone", "celular", "cep", "bairro", "cidade", "uf"),
                "ProdutoDoItem", List.of("sku", "codIntegracao", "codigoBarras"),
                "VariacaoDoItem", List.of("valor2", "sku", "codIntegracao", "codigoBarras"),
                "NotaFiscalDoPedido", List.of("valorTotal"),
                "EtiquetaDoPedido", List.of("transportadora", "servico", "urlRastreio", "volume"));
        anulaveis.forEach((esquema, campos) -> campos.forEach(campo -> {
            assertThat(esquemas.at("/" + esquema + "/properties/" + campo + "/type")).as(esquema + "." + campo)
                    .extracting(JsonNode::asText).contains("null");
            assertThat(esquemas.at("/" + esquema + "/required")).as(esquema).extracting(JsonNode::asText)
                    .contains(campo);
        }));
        assertThat(esquemas.at("/Erro/required")).extracting(JsonNode::asText).containsExactly("erro");
        assertThat(esquemas.at("/CorpoDeProduto/required").isMissingNode()).as("corpos de requisição à parte")
                .isTrue();
    }

    /** Real answers, nulls included, against the description: required present, null only where declared. */
    @Test
    void respostasReaisConferemComADescricao() {
        JsonNode descricao = api.get("/v1/openapi.json").enviar().json();
        ConformidadeComEsquema esquemas = new ConformidadeComEsquema(descricao);
        LojaDeTeste loja = novaLoja();
        Resposta criado = api.post("/v1/produtos").token(loja.token())
                             .json("{\"nome\":\"Sem nada\",\"preco\":3}").enviar();
        assertThat(criado.status()).isEqualTo(201);
        String id = criado.json().get("id").asText();
        Resposta variacao = api.post("/v1/produtos/" + id + "/variacoes").token(loja.token())
                               .json("{\"nome\":\"Tamanho\",\"valor1\":\"P\"}").enviar();
        assertThat(variacao.status()).isEqualTo(201);
        Resposta pedido = api.post("/v1/pedidos").token(loja.token()).json("{\"tipoEntrega\":\"BALCAO\","
                + "\"cliente\":{\"nome\":\"Ana\"},\"itens\":[{\"produtoId\":\"" + id + "\",\"variacaoId\":\""
                + variacao.json().get("id").asText() + "\",\"quantidade\":1}]}").enviar();
        assertThat(pedido.status()).as(pedido.corpo()).isEqualTo(201);
        String pedidoId = pedido.json().get("id").asText();
        confere(esquemas, api.get("/v1/produtos/" + id).token(loja.token()).enviar(), "Produto");
        confere(esquemas, api.get("/v1/pedidos/" + pedidoId).token(loja.token()).enviar(), "Pedido");
        confere(esquemas, api.get("/v1/variacoes/" + variacao.json().get("id").asText()).token(loja.token()).enviar(),
                "Variacao");
        Map<String, String[]> listas = Map.of(
                "/v1/produtos", new String[]{"produtos", "Produto", "ListaDeProdutos"},
                "/v1/produtos?atualizadoDesde=2000-01-01T00:00:00Z", new String[]{"produtos", "Produto", "ListaDeProdutos"},
                "/v1/pedidos", new String[]{"pedidos", "Pedido", "ListaDePedidos"});
        listas.forEach((caminho, lista) -> {
            JsonNode corpo = listar(caminho, lista[0], loja);
            // the item is allOf [resource, {removido, removidoEm}]: each part on its own
            for (JsonNode item : corpo.get(lista[0])) {
                ObjectNode recurso = item.deepCopy();
                recurso.remove(List.of("removido", "removidoEm"));
                assertThat(esquemas.problemas(recurso, ref(lista[1]))).as(caminho + ": " + item).isEmpty();
            }
            ObjectNode envelope = corpo.deepCopy();
            envelope.putArray(lista[0]);
            assertThat(esquemas.problemas(envelope, ref(lista[2]))).as(caminho + ": " + envelope).isEmpty();
            boolean sincronia = caminho.contains("atualizadoDesde");
            assertThat(corpo.has("cursor") && corpo.has("temMais") && !corpo.has("paginacao")).as(caminho)
                    .isEqualTo(sincronia);
        });
    }

    /** The list, once it shows something: a sync page lists a change only after the horizon (1 s in tests). */
    private JsonNode listar(String caminho, String lista, LojaDeTeste loja) {
        for (int tentativa = 0; ; tentativa++) {
            Resposta resposta = api.get(caminho).token(loja.token()).enviar();
            assertThat(resposta.status()).as(caminho).isEqualTo(200);
            if (!resposta.json().get(lista).isEmpty() || tentativa == 40) {
                assertThat(resposta.json().get(lista)).as(caminho).isNotEmpty();
                return resposta.json();
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    private static void confere(ConformidadeComEsquema esquemas, Resposta resposta, String esquema) {
        assertThat(resposta.status()).isEqualTo(200);
        assertThat(esquemas.problemas(resposta.json(), ref(esquema))).as(esquema + ": " + resposta.corpo()).isEmpty();
    }

    private static JsonNode ref(String esquema) {
        return JsonNodeFactory.instance.objectNode().put("$ref", "#/components/schemas/" + esquema);
    }

    @Test
    void recusa406DescritaOndeHaCorpo() {
        JsonNode descricao = api.get("/v1/openapi.json").enviar().json();
        descricao.get("paths").forEach(item -> item.forEach(operacao -> {
            boolean temCorpo = false;
            for (java.util.Iterator<Map.Entry<String, JsonNode>> r = operacao.path("responses").fields(); r.hasNext(); ) {
                Map.Entry<String, JsonNode> resposta = r.next();
                temCorpo |= resposta.getKey().startsWith("2") && resposta.getValue().has("content");
            }
            if (temCorpo) {
                assertThat(operacao.at("/responses/406").isMissingNode()).as(operacao.path("operationId").asText())
                        .isFalse();
            }
        }));
        LojaDeTeste loja = novaLoja();
        assertThat(api.get("/v1/produtos").token(loja.token()).cabecalho("Accept", "text/html").enviar().status())
                .isEqualTo(406);
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
