package br.com.lojaapi.produto;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class GrupoComplementoApiTest extends TesteDeApi {

    private static final String ITENS = "[{\"nome\":\"Bacon\",\"preco\":3.5},{\"nome\":\"Ovo\",\"preco\":2,\"estoque\":10,"
            + "\"codIntegracao\":7}]";

    @Test
    void cicloCompletoEVinculoComProduto() {
        LojaDeTeste loja = novaLoja();

        Resposta criado = api.post("/v1/grupos-complemento").token(loja.token())
                             .json("{\"nome\":\"Adicionais\",\"itens\":" + ITENS + "}").enviar();

        assertThat(criado.status()).isEqualTo(201);
        JsonNode g = criado.json();
        String id = g.get("id").asText();
        assertThat(g.get("tipo").asText()).isEqualTo("SELECAO");
        assertThat(g.get("obrigatoria").asBoolean()).isFalse();
        assertThat(g.get("minimo").asInt()).isZero();
        assertThat(g.get("maximo").asInt()).isEqualTo(1);
        assertThat(g.get("itens").get(1).toString()).isEqualTo("{\"nome\":\"Ovo\",\"preco\":2,\"estoque\":10,\"codIntegracao\":7}");
        assertThat(g.get("criadoEm").asText()).endsWith("Z");

        JsonNode produto = api.post("/v1/produtos").token(loja.token())
                              .json("{\"nome\":\"Lanche\",\"preco\":20,\"gruposComplemento\":[\"" + id + "\"]}").enviar().json();
        assertThat(produto.get("gruposComplemento").toString()).isEqualTo("[{\"id\":\"" + id + "\",\"nome\":\"Adicionais\"}]");

        Resposta alterado = api.put("/v1/grupos-complemento/" + id).token(loja.token())
                               .json("{\"nome\":\"Extras\",\"tipo\":\"MULTIPLA\",\"maximo\":2,"
                                       + "\"itens\":[{\"nome\":\"Queijo\",\"preco\":4},{\"nome\":\"Milho\",\"preco\":1}]}").enviar();
        assertThat(alterado.status()).as(alterado.toString()).isEqualTo(200);
        assertThat(alterado.json().get("itens")).hasSize(2);
        assertThat(alterado.json().get("versao").asLong()).isEqualTo(1);
        assertThat(api.get("/v1/produtos/" + produto.get("id").asText()).token(loja.token()).enviar().json()
                      .get("gruposComplemento").get(0).get("nome").asText()).isEqualTo("Extras");
        assertThat(api.get("/v1/grupos-complemento").token(loja.token()).enviar().json().get("grupos")).hasSize(1);

        Resposta removido = api.delete("/v1/grupos-complemento/" + id).token(loja.token()).enviar();
        assertThat(removido.status()).isEqualTo(200);
        assertThat(removido.json().get("removido").asBoolean()).isTrue();
        assertThat(api.get("/v1/grupos-complemento/" + id).token(loja.token()).enviar().status()).isEqualTo(404);
        assertThat(api.delete("/v1/grupos-complemento/" + id).token(loja.token()).enviar().status()).isEqualTo(404);
        assertThat(api.get("/v1/produtos/" + produto.get("id").asText()).token(loja.token()).enviar().json()
                      .get("gruposComplemento")).isEmpty();
    }

    @Test
    void validacaoDoGrupo() {
        LojaDeTeste loja = novaLoja();
        List<String[]> casos = List.of(
                new String[]{"{\"nome\":\"X\"}", "itens"},
                new String[]{"{\"nome\":\"X\",\"itens\":[]}", "itens: informe ao menos um item"},
                new String[]{"{\"nome\":\"X\",\"itens\":[{\"nome\":\"A\"}]}", "itens[0].preco é obrigatório"},
                new String[]{"{\"nome\":\"X\",\"itens\":[{\"preco\":1}]}", "itens[0].nome é obrigatório"},
                new String[]{"{\"itens\":" + ITENS + "}", "nome"},
                new String[]{"{\"nome\":\"X\",\"tipo\":\"VARIOS\",\"itens\":" + ITENS + "}", "Campo 'tipo'"},
                new String[]{"{\"nome\":\"X\",\"minimo\":3,\"maximo\":2,\"tipo\":\"MULTIPLA\",\"itens\":" + ITENS + "}",
                        "minimo (3) não pode passar de maximo (2)"});
        for (String[] caso : casos) {
            Resposta resposta = api.post("/v1/grupos-complemento").token(loja.token()).json(caso[0]).enviar();
            assertThat(resposta.status()).as(caso[0] + " -> " + resposta).isEqualTo(400);
            assertThat(resposta.texto("erro")).as(caso[0]).contains(caso[1]);
        }
        assertThat(api.get("/v1/grupos-complemento").token(loja.token()).enviar().json().get("grupos")).isEmpty();
    }

    @Test
    void grupoPrecisaSerPossivelDePreencher() {
        LojaDeTeste loja = novaLoja();
        String id = api.post("/v1/grupos-complemento").token(loja.token())
                       .json("{\"nome\":\"Extras\",\"tipo\":\"MULTIPLA\",\"itens\":" + ITENS + "}").enviar().texto("id");

        Resposta menosItens = api.put("/v1/grupos-complemento/" + id).token(loja.token())
                                 .json("{\"itens\":[{\"nome\":\"Só um\",\"preco\":1}]}").enviar();
        Resposta minimoDemais = api.put("/v1/grupos-complemento/" + id).token(loja.token())
                                   .json("{\"obrigatoria\":true,\"minimo\":3}").enviar();

        assertThat(menosItens.status()).isEqualTo(400);
        assertThat(menosItens.texto("erro")).contains("maximo (2) não pode passar do número de itens (1)");
        assertThat(minimoDemais.status()).isEqualTo(400);
        assertThat(api.put("/v1/grupos-complemento/" + id).token(loja.token())
                      .json("{\"maximo\":1,\"itens\":[{\"nome\":\"Só um\",\"preco\":1}]}").enviar().status())
                .isEqualTo(200);
    }

    @Test
    void grupoDeOutraLojaE404ENaoPodeSerVinculado() {
        LojaDeTeste dona = novaLoja();
        LojaDeTeste intrusa = novaLoja();
        String id = api.post("/v1/grupos-complemento").token(dona.token())
                       .json("{\"nome\":\"Molhos\",\"itens\":" + ITENS + "}").enviar().texto("id");

        assertThat(api.get("/v1/grupos-complemento/" + id).token(intrusa.token()).enviar().status()).isEqualTo(404);
        assertThat(api.put("/v1/grupos-complemento/" + id).token(intrusa.token()).json("{\"nome\":\"Y\"}").enviar().status())
                .isEqualTo(404);
        assertThat(api.delete("/v1/grupos-complemento/" + id).token(intrusa.token()).enviar().status()).isEqualTo(404);
        assertThat(api.get("/v1/grupos-complemento").token(intrusa.token()).enviar().json().get("grupos")).isEmpty();
        Resposta vinculo = api.post("/v1/produtos").token(intrusa.token())
                              .json("{\"nome\":\"X\",\"preco\":1,\"gruposComplemento\":[\"" + id + "\"]}").enviar();
        assertThat(vinculo.status()).isEqualTo(400);
        assertThat(api.get("/v1/grupos-complemento/" + id).token(dona.token()).enviar().texto("nome")).isEqualTo("Molhos");
    }
}
