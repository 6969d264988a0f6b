package br.com.lojaapi.pedido;

import br.com.lojaapi.apoio.Resposta;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A blank, whitespace-only or NUL-only string is not a number, an integer or a boolean: it is refused with a 400
 * naming the field, like "abc", instead of being taken as null (which cleared a price). A lone UTF-16 surrogate is
 * not text either.
 */
class EntradaEstritaApiTest extends TesteDePedidos {

    /** JSON string literals, escaped as a client would send them. */
    private static final List<String> VAZIOS = List.of("\"\"", "\"   \"", "\"\\t\\n\"", "\"\\u0000\"", "\" \\u0000 \"");

    @Test
    void textoEmBrancoEmCampoNumericoDaVariacaoDa400ENadaMuda() {
        String produto = produto(loja, "Tênis", "200", "");
        String variacao = api.post("/v1/produtos/" + produto + "/variacoes").token(loja.token())
                             .json("{\"nome\":\"Número\",\"valor1\":\"40\",\"preco\":210,\"codIntegracao\":7,"
                                     + "\"quantidadeEstoque\":4}").enviar().texto("id");
        JsonNode antes = api.get("/v1/variacoes/" + variacao).token(loja.token()).enviar().json();

        for (String campo : List.of("preco", "codIntegracao", "quantidadeEstoque", "estoqueMinimo")) {
            for (String vazio : VAZIOS) {
                Resposta r = api.put("/v1/variacoes/" + variacao).token(loja.token())
                                .json("{\"" + campo + "\":" + vazio + "}").enviar();
                assertRecusado(r, campo, campo + "=" + vazio);
            }
        }

        assertThat(api.get("/v1/variacoes/" + variacao).token(loja.token()).enviar().json()).isEqualTo(antes);
    }

    @Test
    void textoEmBrancoEmCampoNumericoOuBooleanoDoProdutoDa400ENadaMuda() {
        String produto = produto(loja, "Café", "10", "\"peso\":0.5,\"ordem\":3,\"disponivel\":true,"
                + "\"controlaEstoque\":true,\"quantidadeEstoque\":5");
        JsonNode antes = api.get("/v1/produtos/" + produto).token(loja.token()).enviar().json();

        for (String campo : List.of("preco", "precoPromocional", "peso", "ordem", "disponivel", "destaque",
                "controlaEstoque", "quantidadeEstoque")) {
            for (String vazio : VAZIOS) {
                Resposta r = api.put("/v1/produtos/" + produto).token(loja.token())
                                .json("{\"" + campo + "\":" + vazio + "}").enviar();
                assertRecusado(r, campo, campo + "=" + vazio);
            }
        }
        Resposta booleano = api.put("/v1/produtos/" + produto).token(loja.token())
                               .json("{\"disponivel\":\"   \"}").enviar();
        assertThat(booleano.texto("erro")).isEqualTo("Campo 'disponivel' inválido: esperado true ou false");
        Resposta preco = api.put("/v1/produtos/" + produto).token(loja.token()).json("{\"preco\":\"\\u0000\"}").enviar();
        assertThat(preco.texto("erro")).isEqualTo("Campo 'preco' inválido: esperado um número");

        assertThat(api.get("/v1/produtos/" + produto).token(loja.token()).enviar().json()).isEqualTo(antes);
    }

    @Test
    void quantidadeEmBrancoNoPedidoENoEstoqueDa400ENadaMuda() {
        String cafe = produtoComEstoque(loja, "Café", "10", "10");

        for (String vazio : VAZIOS) {
            Resposta pedido = pedidoBalcao(loja, "[" + item(cafe, vazio) + "]");
            assertRecusado(pedido, "itens[0].quantidade", "pedido " + vazio);
            Resposta movimento = api.post("/v1/estoque").token(loja.token())
                                    .json("{\"produtoId\":\"" + cafe + "\",\"tipo\":\"ENTRADA\",\"quantidade\":"
                                            + vazio + "}").enviar();
            assertRecusado(movimento, "quantidade", "estoque " + vazio);
            Resposta tipo = api.post("/v1/estoque").token(loja.token())
                               .json("{\"produtoId\":\"" + cafe + "\",\"tipo\":" + vazio + ",\"quantidade\":1}").enviar();
            assertThat(tipo.status()).as("tipo " + vazio).isEqualTo(400);
            assertThat(tipo.texto("erro")).as("tipo é texto, conferido depois").containsAnyOf("tipo deve ser", "'tipo'");
        }

        assertThat(estoque(loja, cafe)).isEqualByComparingTo("10");
        assertThat(api.get("/v1/pedidos").token(loja.token()).enviar().json().get("paginacao").get("total").asLong())
                .isZero();
    }

    @Test
    void surrogateSemParNoNomeDoProdutoDa400ENadaECriado() {
        for (String nome : List.of("\\ud800", "Caf\\udfff", "a\\ud83d")) {
            Resposta r = api.post("/v1/produtos").token(loja.token())
                            .json("{\"nome\":\"" + nome + "\",\"preco\":1}").enviar();
            assertRecusado(r, "nome", nome);
            assertThat(r.texto("erro")).contains("surrogate");
        }
        Resposta par = api.post("/v1/produtos").token(loja.token()).json("{\"nome\":\"Caf\\ud83d\\ude00\",\"preco\":1}")
                          .enviar();

        assertThat(par.status()).as(par.toString()).isEqualTo(201);
        assertThat(par.texto("nome")).isEqualTo("Caf😀");
        assertThat(api.get("/v1/produtos").token(loja.token()).enviar().json().get("produtos")).hasSize(1);
    }

    private static void assertRecusado(Resposta r, String campo, String caso) {
        assertThat(r.status()).as(caso + ": " + r).isEqualTo(400);
        assertThat(r.texto("erro")).as(caso).startsWith("Campo '" + campo + "' inválido")
                                   .doesNotContain("java.", "Exception", "com.fasterxml", "BigDecimal", "Boolean");
    }
}
