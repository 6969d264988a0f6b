package br.com.lojaapi.openapi;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.List;

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

    private static void assertRespostas(JsonNode operacao, List<String> status) {
        assertThat(operacao.isMissingNode()).isFalse();
        assertThat(operacao.get("responses").fieldNames()).toIterable().containsAll(status);
    }
}
