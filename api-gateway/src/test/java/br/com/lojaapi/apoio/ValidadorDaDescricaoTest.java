package br.com.lojaapi.apoio;

import br.com.lojaapi.apoio.ValidadorDaDescricao.Situacao;
import br.com.lojaapi.apoio.ValidadorDaDescricao.Veredito;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The validator of the served description, on a small OpenAPI 3.1 document of its own. */
class ValidadorDaDescricaoTest {

    private static final String DOCUMENTO = """
            {
              "openapi": "3.1.0",
              "info": {"title": "t", "version": "1"},
              "servers": [{"url": "http://localhost:8080/v1"}],
              "paths": {
                "/pedidos/{id}": {
                  "get": {"responses": {
                    "200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pedido"}}}},
                    "404": {"$ref": "#/components/responses/NaoEncontrado"}
                  }},
                  "delete": {"responses": {"204": {"description": "removido"}}}
                },
                "/pedidos/lote": {
                  "get": {"responses": {"200": {"description": "ok", "content": {"text/csv": {"schema": {"type": "string"}}}}}},
                  "post": {
                    "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pedido"}}}},
                    "responses": {"201": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pedido"}}}},
                                  "default": {"description": "erro", "content": {"*/*": {"schema": {"$ref": "#/components/schemas/Erro"}}}}}
                  }
                },
                "/pedidos/{id}/itens/{item}": {
                  "get": {"responses": {"200": {"description": "ok", "content": {"application/*": {"schema": {"$ref": "#/components/schemas/Detalhado"}}}}}}
                }
              },
              "components": {
                "responses": {
                  "NaoEncontrado": {"description": "não há", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Erro"}}}}
                },
                "schemas": {
                  "Pedido": {"type": "object", "required": ["id", "total"], "properties": {
                    "id": {"type": "string"},
                    "total": {"type": "number"},
                    "observacao": {"type": ["string", "null"]}
                  }},
                  "Erro": {"type": "object", "required": ["mensagem"], "properties": {"mensagem": {"type": "string"}}},
                  "Detalhado": {"allOf": [{"$ref": "#/components/schemas/Pedido"},
                                          {"type": "object", "properties": {"itens": {"type": "array", "items": {"type": "string"}}}}]}
                }
              }
            }
            """;

    private final ValidadorDaDescricao validador = ValidadorDaDescricao.de(DOCUMENTO);

    @Test
    void corpoConformePassa() {
        Veredito veredito = validador.resposta("GET", "/v1/pedidos/p1?campos=x", 200, "application/json;charset=UTF-8",
                "{\"id\":\"p1\",\"total\":10.5,\"observacao\":null}");

        assertThat(veredito.problemas()).isEmpty();
        assertThat(veredito.situacao()).isEqualTo(Situacao.CONFORME);
        assertThat(veredito.operacao()).isEqualTo("GET /pedidos/{id}");
    }

    @Test
    void statusNaoDeclaradoDiverge() {
        Veredito veredito = validador.resposta("GET", "/v1/pedidos/p1", 409, "application/json", "{\"mensagem\":\"x\"}");

        assertThat(veredito.situacao()).isEqualTo(Situacao.DIVERGENTE);
        assertThat(veredito.problemas()).singleElement().asString().contains("status 409 não declarado");
    }

    @Test
    void contentTypeNaoDeclaradoDiverge() {
        Veredito veredito = validador.resposta("GET", "/v1/pedidos/p1", 200, "text/plain", "p1");

        assertThat(veredito.situacao()).isEqualTo(Situacao.DIVERGENTE);
        assertThat(veredito.problemas()).singleElement().asString().contains("Content-Type text/plain não declarado");
    }

    @Test
    void campoObrigatorioAusenteDiverge() {
        Veredito veredito = validador.resposta("GET", "/v1/pedidos/p1", 200, "application/json", "{\"id\":\"p1\"}");

        assertThat(veredito.situacao()).isEqualTo(Situacao.DIVERGENTE);
        assertThat(veredito.problemas()).singleElement().asString().contains("total");
    }

    @Test
    void nuloOndeOEsquemaNaoAceitaDiverge() {
        Veredito veredito = validador.resposta("GET", "/v1/pedidos/p1", 200, "application/json",
                "{\"id\":null,\"total\":1}");

        assertThat(veredito.situacao()).isEqualTo(Situacao.DIVERGENTE);
        assertThat(veredito.problemas()).singleElement().asString().contains("$.id").contains("null");
    }

    @Test
    void campoQueADescricaoNaoNomeiaDiverge() {
        Veredito veredito = validador.resposta("GET", "/v1/pedidos/p1", 200, "application/json",
                "{\"id\":\"p1\",\"total\":1,\"novo\":true}");

        assertThat(veredito.situacao()).isEqualTo(Situacao.DIVERGENTE);
        assertThat(veredito.problemas()).singleElement().asString().contains("novo");
    }

    @Test
    void allOfComposeSemFecharOsMembros() {
        String corpo = "{\"id\":\"p1\",\"total\":1,\"itens\":[\"a\"]}";

        assertThat(validador.resposta("GET", "/v1/pedidos/p1/itens/2", 200, "application/json", corpo).problemas())
                .isEmpty();
        assertThat(validador.resposta("GET", "/v1/pedidos/p1/itens/2", 200, "application/json",
                "{\"id\":\"p1\",\"total\":1,\"outro\":1}").situacao()).isEqualTo(Situacao.DIVERGENTE);
    }

    @Test
    void umCampoErradoNumAllOfNaoAcusaOsOutrosComoNaoDescritos() {
        Veredito veredito = validador.resposta("GET", "/v1/pedidos/p1/itens/2", 200, "application/json",
                "{\"id\":null,\"total\":1,\"itens\":[]}");

        assertThat(veredito.problemas()).singleElement().asString().contains("$.id");
    }

    @Test
    void segmentoLiteralVenceOModelo() {
        assertThat(validador.modeloDoCaminho("/pedidos/lote")).isEqualTo("/pedidos/lote");
        assertThat(validador.modeloDoCaminho("/pedidos/p1")).isEqualTo("/pedidos/{id}");
        assertThat(validador.modeloDoCaminho("/pedidos/p1/itens/3")).isEqualTo("/pedidos/{id}/itens/{item}");
        assertThat(validador.modeloDoCaminho("/pedidos")).isNull();
        assertThat(validador.resposta("GET", "/v1/pedidos/lote", 200, "text/csv", "a,b").situacao())
                .isEqualTo(Situacao.CONFORME);
    }

    @Test
    void respostaPorReferenciaEDefaultComCoringa() {
        assertThat(validador.resposta("GET", "/v1/pedidos/x", 404, "application/json", "{\"mensagem\":\"não\"}")
                            .situacao()).isEqualTo(Situacao.CONFORME);
        assertThat(validador.resposta("POST", "/v1/pedidos/lote", 422, "application/problem+json", "{\"mensagem\":1}")
                            .problemas()).singleElement().asString().contains("$.mensagem");
    }

    @Test
    void corpoVazioSoOndeNadaEDeclaradoOuEm204() {
        assertThat(validador.resposta("DELETE", "/v1/pedidos/p1", 204, null, "").situacao())
                .isEqualTo(Situacao.CONFORME);
        assertThat(validador.resposta("GET", "/v1/pedidos/p1", 200, null, "").problemas()).singleElement()
                .asString().contains("corpo vazio");
        assertThat(validador.resposta("DELETE", "/v1/pedidos/p1", 204, "application/json", "{}").problemas())
                .singleElement().asString().contains("não declara conteúdo");
    }

    @Test
    void operacaoECaminhoForaDaDescricao() {
        assertThat(validador.resposta("PUT", "/v1/pedidos/p1", 200, "application/json", "{}").problemas())
                .singleElement().asString().contains("operação não descrita");
        assertThat(validador.resposta("PUT", "/v1/pedidos/p1", 405, "application/json", "{}").situacao())
                .isEqualTo(Situacao.FORA);
        assertThat(validador.resposta("GET", "/v1/clientes", 200, "application/json", "[]").problemas())
                .singleElement().asString().contains("caminho não descrito");
        assertThat(validador.resposta("GET", "/v1/clientes", 404, "application/json", "{}").situacao())
                .isEqualTo(Situacao.FORA);
        assertThat(validador.resposta("POST", "/admin/lojas", 201, "application/json", "{}").situacao())
                .isEqualTo(Situacao.FORA);
        assertThat(validador.resposta("GET", "/v1/openapi.json", 200, "application/json", "{}").situacao())
                .isEqualTo(Situacao.FORA);
    }

    @Test
    void servidorRelativoTambemDaOPrefixo() {
        ValidadorDaDescricao relativo = ValidadorDaDescricao.de(DOCUMENTO.replace("http://localhost:8080/v1", "/v1"));

        assertThat(relativo.resposta("GET", "/v1/pedidos/lote", 200, "text/csv", "a").situacao())
                .isEqualTo(Situacao.CONFORME);
    }

    @Test
    void requisicaoContraORequestBody() {
        assertThat(validador.requisicao("POST", "/v1/pedidos/lote", "application/json", "{\"id\":\"a\",\"total\":1}")
                            .situacao()).isEqualTo(Situacao.CONFORME);
        assertThat(validador.requisicao("POST", "/v1/pedidos/lote", "application/json", "{\"id\":\"a\"}").problemas())
                .singleElement().asString().contains("total");
        assertThat(validador.requisicao("POST", "/v1/pedidos/lote", null, "").problemas()).singleElement().asString()
                .contains("obrigatório");
        assertThat(validador.requisicao("POST", "/v1/pedidos/lote", "text/plain", "x").problemas()).singleElement()
                .asString().contains("text/plain não declarado");
        assertThat(validador.requisicao("GET", "/v1/pedidos/p1", "application/json", "{}").problemas())
                .singleElement().asString().contains("não declara requestBody");
    }
}
