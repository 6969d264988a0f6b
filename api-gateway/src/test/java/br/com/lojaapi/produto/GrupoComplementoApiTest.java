package br.com.lojaapi.produto;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
    void selecaoComMaximoDoisEGuardadaComoEnviadaComAvisoSoNaResposta() {
        LojaDeTeste loja = novaLoja();

        Resposta criado = api.post("/v1/grupos-complemento").token(loja.token())
                             .json("{\"nome\":\"Sabores\",\"minimo\":0,\"maximo\":2,\"itens\":" + ITENS + "}").enviar();

        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        assertThat(criado.texto("tipo")).isEqualTo("SELECAO");
        assertThat(criado.json().get("maximo").asInt()).isEqualTo(2);
        assertThat(criado.json().get("avisos")).extracting(JsonNode::asText).singleElement().asString()
                .startsWith("tipo SELECAO (uma opção) com maximo 2: guardado como enviado");
        JsonNode lido = api.get("/v1/grupos-complemento/" + criado.texto("id")).token(loja.token()).enviar().json();
        assertThat(lido.get("tipo").asText()).isEqualTo("SELECAO");
        assertThat(lido.get("maximo").asInt()).isEqualTo(2);
        assertThat(lido.has("avisos")).as("avisos, como nos produtos, só na resposta da escrita").isFalse();
        ObjectNode semAvisos = (ObjectNode) criado.json();
        semAvisos.remove("avisos");
        assertThat(lido).isEqualTo(semAvisos);
    }

    @Test
    void multiplaComMaximoAcimaDoNumeroDeItensEAceita() {
        LojaDeTeste loja = novaLoja();

        Resposta criado = api.post("/v1/grupos-complemento").token(loja.token())
                             .json("{\"nome\":\"Bolas\",\"tipo\":\"MULTIPLA\",\"maximo\":3,"
                                     + "\"itens\":[{\"nome\":\"Chocolate\",\"preco\":4}]}").enviar();

        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        assertThat(criado.texto("tipo")).isEqualTo("MULTIPLA");
        assertThat(criado.json().get("maximo").asInt()).isEqualTo(3);
        assertThat(criado.json().get("avisos").get(0).asText()).contains("maximo (3) passa do número de itens (1)");
        assertThat(api.get("/v1/grupos-complemento/" + criado.texto("id")).token(loja.token()).enviar().json()
                      .get("maximo").asInt()).isEqualTo(3);
    }

    @Test
    void putConfereAsRegrasNoGrupoResultanteERecusaSoOQueNenhumaEscolhaSatisfaz() {
        LojaDeTeste loja = novaLoja();
        String id = api.post("/v1/grupos-complemento").token(loja.token())
                       .json("{\"nome\":\"Extras\",\"tipo\":\"MULTIPLA\",\"itens\":" + ITENS + "}").enviar().texto("id");

        Resposta menosItens = api.put("/v1/grupos-complemento/" + id).token(loja.token())
                                 .json("{\"itens\":[{\"nome\":\"Só um\",\"preco\":1}]}").enviar();
        Resposta minimoAcimaDoMaximo = api.put("/v1/grupos-complemento/" + id).token(loja.token())
                                          .json("{\"obrigatoria\":true,\"minimo\":3}").enviar();
        Resposta negativo = api.put("/v1/grupos-complemento/" + id).token(loja.token()).json("{\"maximo\":-1}").enviar();
        Resposta semAviso = api.put("/v1/grupos-complemento/" + id).token(loja.token()).json("{\"maximo\":1}").enviar();

        assertThat(menosItens.status()).as(menosItens.toString()).isEqualTo(200);
        assertThat(menosItens.json().get("maximo").asInt()).isEqualTo(2);
        assertThat(menosItens.json().get("avisos").get(0).asText()).contains("maximo (2) passa do número de itens (1)");
        assertThat(minimoAcimaDoMaximo.status()).isEqualTo(400);
        assertThat(minimoAcimaDoMaximo.texto("erro")).isEqualTo("minimo (3) não pode passar de maximo (2)");
        assertThat(negativo.status()).isEqualTo(400);
        assertThat(negativo.texto("erro")).isEqualTo("maximo deve estar entre 0 e 1000000");
        assertThat(semAviso.status()).isEqualTo(200);
        assertThat(semAviso.json().has("avisos")).isFalse();
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
