package br.com.lojaapi.produto;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class VariacaoApiTest extends TesteDeApi {

    @Test
    void cicloCompletoDeUmaVariacaoComEstoqueDoProdutoComoSoma() {
        LojaDeTeste loja = novaLoja();
        String produto = api.post("/v1/produtos").token(loja.token())
                            .json("{\"nome\":\"Tênis\",\"preco\":200,\"quantidadeEstoque\":50}").enviar().texto("id");

        Resposta criada = api.post("/v1/produtos/" + produto + "/variacoes").token(loja.token())
                             .json("{\"nome\":\"Número\",\"valor1\":\"40\",\"sku\":\"T40\",\"codIntegracao\":40,"
                                     + "\"preco\":210,\"quantidadeEstoque\":4}").enviar();
        api.post("/v1/produtos/" + produto + "/variacoes").token(loja.token())
           .json("{\"nome\":\"Número\",\"valor1\":\"41\",\"quantidadeEstoque\":6}").enviar();

        assertThat(criada.status()).isEqualTo(201);
        String id = criada.texto("id");
        assertThat(criada.cabecalho("Location")).isEqualTo("/v1/variacoes/" + id);
        assertThat(criada.texto("produtoId")).isEqualTo(produto);
        assertThat(estoqueDoProduto(loja, produto)).isEqualTo("10");

        Resposta lida = api.get("/v1/variacoes/" + id).token(loja.token()).enviar();
        assertThat(lida.json().get("preco").decimalValue()).isEqualByComparingTo("210");

        Resposta alterada = api.put("/v1/variacoes/" + id).token(loja.token())
                               .json("{\"quantidadeEstoque\":1,\"codIntegracao\":null}").enviar();
        assertThat(alterada.status()).isEqualTo(200);
        assertThat(alterada.json().get("codIntegracao").isNull()).isTrue();
        assertThat(alterada.json().get("sku").asText()).isEqualTo("T40");
        assertThat(estoqueDoProduto(loja, produto)).isEqualTo("7");

        JsonNode lista = api.get("/v1/produtos/" + produto + "/variacoes").token(loja.token()).enviar().json();
        assertThat(lista.get("variacoes")).hasSize(2);

        Resposta removida = api.delete("/v1/variacoes/" + id).token(loja.token()).enviar();
        assertThat(removida.status()).isEqualTo(200);
        assertThat(removida.json().get("removido").asBoolean()).isTrue();
        assertThat(api.get("/v1/variacoes/" + id).token(loja.token()).enviar().status()).isEqualTo(404);
        assertThat(api.delete("/v1/variacoes/" + id).token(loja.token()).enviar().status()).isEqualTo(404);
        assertThat(estoqueDoProduto(loja, produto)).isEqualTo("6");
    }

    @Test
    void validacaoDaVariacao() {
        LojaDeTeste loja = novaLoja();
        String produto = api.post("/v1/produtos").token(loja.token()).json("{\"nome\":\"X\",\"preco\":1}").enviar().texto("id");

        Resposta semValor = api.post("/v1/produtos/" + produto + "/variacoes").token(loja.token())
                               .json("{\"nome\":\"Cor\"}").enviar();
        Resposta semNome = api.post("/v1/produtos/" + produto + "/variacoes").token(loja.token())
                              .json("{\"valor1\":\"Azul\"}").enviar();
        Resposta produtoDesconhecido = api.post("/v1/produtos/5b6c1d0e-0000-4000-8000-000000000000/variacoes")
                                          .token(loja.token()).json("{\"nome\":\"Cor\",\"valor1\":\"Azul\"}").enviar();

        assertThat(semValor.status()).isEqualTo(400);
        assertThat(semValor.texto("erro")).isEqualTo("valor1 é obrigatório para criar a variação");
        assertThat(semNome.status()).isEqualTo(400);
        assertThat(produtoDesconhecido.status()).isEqualTo(404);
        assertThat(api.get("/v1/variacoes/nao-existe").token(loja.token()).enviar().status()).isEqualTo(404);
        assertThat(api.put("/v1/variacoes/5b6c1d0e-0000-4000-8000-000000000000").token(loja.token()).json("{}").enviar()
                      .status()).isEqualTo(404);
        assertThat(api.get("/v1/produtos/" + produto + "/variacoes").token(loja.token()).enviar().json()
                      .get("variacoes")).isEmpty();
    }

    private String estoqueDoProduto(LojaDeTeste loja, String produto) {
        return api.get("/v1/produtos/" + produto).token(loja.token()).enviar().json().get("quantidadeEstoque").asText();
    }
}
