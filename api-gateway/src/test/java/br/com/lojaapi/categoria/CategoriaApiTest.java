package br.com.lojaapi.categoria;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;

class CategoriaApiTest extends TesteDeApi {

    @Test
    void criarDevolve201ComPadroesELocation() {
        LojaDeTeste loja = novaLoja();

        Resposta criada = api.post("/v1/categorias").token(loja.token())
                             .json("{\"nome\":\"  Bebidas \",\"descricao\":\"Geladas\",\"categoriaPaiId\":\"x\"}").enviar();

        assertThat(criada.status()).isEqualTo(201);
        JsonNode corpo = criada.json();
        assertThat(corpo.get("nome").asText()).isEqualTo("Bebidas");
        assertThat(corpo.get("descricao").asText()).isEqualTo("Geladas");
        assertThat(corpo.get("ativa").asBoolean()).isTrue();
        assertThat(corpo.get("ordem").asInt()).isEqualTo(1);
        assertThat(corpo.get("versao").asLong()).isZero();
        assertThat(corpo.get("criadoEm").asText()).isEqualTo(corpo.get("atualizadoEm").asText()).endsWith("Z");
        assertThat(corpo.has("categoriaPaiId")).isFalse();
        assertThat(criada.cabecalho("Location")).isEqualTo("/v1/categorias/" + corpo.get("id").asText());
    }

    @Test
    void ordemOmitidaVaiParaOFimEInformadaERespeitada() {
        LojaDeTeste loja = novaLoja();
        api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"A\",\"ordem\":7,\"ativa\":false}").enviar();

        Resposta depois = api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"B\"}").enviar();

        assertThat(depois.json().get("ordem").asInt()).isEqualTo(8);
        Resposta lista = api.get("/v1/categorias").token(loja.token()).enviar();
        assertThat(lista.status()).isEqualTo(200);
        assertThat(nomes(lista.json())).containsExactly("A", "B");
        assertThat(lista.json().get(0).get("ativa").asBoolean()).isFalse();
    }

    @Test
    void listaVemOrdenadaPorOrdem() {
        LojaDeTeste loja = novaLoja();
        for (String[] c : new String[][]{{"C", "3"}, {"A", "1"}, {"B", "2"}}) {
            api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"" + c[0] + "\",\"ordem\":" + c[1] + "}").enviar();
        }

        Resposta lista = api.get("/v1/categorias").token(loja.token()).enviar();

        assertThat(nomes(lista.json())).containsExactly("A", "B", "C");
    }

    @Test
    void nomeVazioAusenteOuRepetidoDa400() {
        LojaDeTeste loja = novaLoja();
        novaCategoria(loja, "Lanches");

        assertErro(api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"   \"}").enviar(), 400, "nome");
        assertErro(api.post("/v1/categorias").token(loja.token()).json("{\"descricao\":\"x\"}").enviar(), 400, "nome");
        assertErro(api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"LANCHES\"}").enviar(), 400,
                "Já existe uma categoria chamada 'LANCHES'");
        assertErro(api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"" + "x".repeat(101) + "\"}").enviar(),
                400, "100 caracteres");
        assertThat(api.get("/v1/categorias").token(loja.token()).enviar().json()).hasSize(1);
    }

    @Test
    void tiposErradosDao400NomeandoOCampo() {
        LojaDeTeste loja = novaLoja();

        assertErro(api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"A\",\"ordem\":\"3\"}").enviar(),
                400, "Campo 'ordem'");
        assertErro(api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"A\",\"ordem\":1.5}").enviar(),
                400, "Campo 'ordem'");
        assertErro(api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"A\",\"ativa\":\"sim\"}").enviar(),
                400, "Campo 'ativa'");
        assertErro(api.post("/v1/categorias").token(loja.token()).json("{\"nome\":[\"A\"]}").enviar(), 400, "Campo 'nome'");
        assertErro(api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"A\",\"ordem\":2147483647}").enviar(),
                400, "ordem deve estar entre -1000000 e 1000000");
        assertErro(api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"A\",\"ordem\":-1000001}").enviar(),
                400, "ordem deve estar entre -1000000 e 1000000");
        assertThat(api.get("/v1/categorias").token(loja.token()).enviar().json()).isEmpty();
    }

    @Test
    void mesmoNomeEmOutraLojaEPermitido() {
        LojaDeTeste uma = novaLoja();
        LojaDeTeste outra = novaLoja();
        novaCategoria(uma, "Pizzas");

        Resposta criada = api.post("/v1/categorias").token(outra.token()).json("{\"nome\":\"pizzas\"}").enviar();

        assertThat(criada.status()).isEqualTo(201);
    }

    @Test
    void lerDevolveACategoriaE404ParaIdDesconhecidoOuMalformado() {
        LojaDeTeste loja = novaLoja();
        String id = novaCategoria(loja, "Doces");

        Resposta lida = api.get("/v1/categorias/" + id).token(loja.token()).enviar();

        assertThat(lida.status()).isEqualTo(200);
        assertThat(lida.texto("nome")).isEqualTo("Doces");
        assertErro(api.get("/v1/categorias/5b6c1d0e-0000-4000-8000-000000000000").token(loja.token()).enviar(), 404,
                "Categoria não encontrada");
        assertErro(api.get("/v1/categorias/nao-e-um-id").token(loja.token()).enviar(), 404, "Categoria não encontrada");
    }

    @Test
    void alterarMudaSoOsCamposEnviadosENullApagaADescricao() {
        LojaDeTeste loja = novaLoja();
        Resposta criada = api.post("/v1/categorias").token(loja.token())
                             .json("{\"nome\":\"Sucos\",\"descricao\":\"Naturais\",\"ordem\":4}").enviar();
        String id = criada.texto("id");

        Resposta alterada = api.put("/v1/categorias/" + id).token(loja.token())
                               .json("{\"ativa\":false,\"descricao\":null}").enviar();

        assertThat(alterada.status()).isEqualTo(200);
        JsonNode corpo = alterada.json();
        assertThat(corpo.get("nome").asText()).isEqualTo("Sucos");
        assertThat(corpo.get("ordem").asInt()).isEqualTo(4);
        assertThat(corpo.get("ativa").asBoolean()).isFalse();
        assertThat(corpo.get("descricao").isNull()).isTrue();
        assertThat(corpo.get("versao").asLong()).isEqualTo(1);
        assertThat(corpo.get("criadoEm").asText()).isEqualTo(criada.texto("criadoEm"));
        assertThat(corpo.get("atualizadoEm").asText()).isGreaterThanOrEqualTo(criada.texto("atualizadoEm"));
        assertThat(api.get("/v1/categorias/" + id).token(loja.token()).enviar().json()).isEqualTo(corpo);
    }

    @Test
    void alterarRecusaNomeDeOutraCategoriaNomeNuloEIdDesconhecido() {
        LojaDeTeste loja = novaLoja();
        novaCategoria(loja, "Massas");
        String id = novaCategoria(loja, "Molhos");

        assertErro(api.put("/v1/categorias/" + id).token(loja.token()).json("{\"nome\":\"massas\"}").enviar(), 400,
                "Já existe");
        assertErro(api.put("/v1/categorias/" + id).token(loja.token()).json("{\"nome\":null}").enviar(), 400, "nome");
        assertErro(api.put("/v1/categorias/" + id).token(loja.token()).json("{\"nome\":\" \"}").enviar(), 400, "nome");
        assertErro(api.put("/v1/categorias/5b6c1d0e-0000-4000-8000-000000000000").token(loja.token())
                      .json("{\"nome\":\"X\"}").enviar(), 404, "Categoria não encontrada");
        Resposta propria = api.put("/v1/categorias/" + id).token(loja.token()).json("{\"nome\":\"MOLHOS\"}").enviar();
        assertThat(propria.status()).isEqualTo(200);
        assertThat(propria.texto("nome")).isEqualTo("MOLHOS");
    }

    @Test
    void removerDevolve200ESomeDaLeituraELiberaONome() {
        LojaDeTeste loja = novaLoja();
        String id = novaCategoria(loja, "Congelados");

        Resposta removida = api.delete("/v1/categorias/" + id).token(loja.token()).enviar();

        assertThat(removida.status()).isEqualTo(200);
        assertThat(removida.json().get("id").asText()).isEqualTo(id);
        assertThat(removida.json().get("removida").asBoolean()).isTrue();
        assertThat(api.get("/v1/categorias/" + id).token(loja.token()).enviar().status()).isEqualTo(404);
        assertThat(api.get("/v1/categorias").token(loja.token()).enviar().json()).isEmpty();
        assertErro(api.delete("/v1/categorias/" + id).token(loja.token()).enviar(), 404, "Categoria não encontrada");
        assertErro(api.put("/v1/categorias/" + id).token(loja.token()).json("{\"nome\":\"Y\"}").enviar(), 404,
                "Categoria não encontrada");
        assertThat(api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"congelados\"}").enviar().status())
                .isEqualTo(201);
    }

    @Test
    void removerIdDesconhecidoDa404() {
        LojaDeTeste loja = novaLoja();

        assertErro(api.delete("/v1/categorias/5b6c1d0e-0000-4000-8000-000000000000").token(loja.token()).enviar(), 404,
                "Categoria não encontrada");
        assertErro(api.delete("/v1/categorias/x").token(loja.token()).enviar(), 404, "Categoria não encontrada");
    }

    @Test
    void idDeOutroTipoDeRecursoNaoEUmaCategoria() {
        LojaDeTeste loja = novaLoja();

        assertErro(api.put("/v1/categorias/" + loja.id()).token(loja.token()).json("{\"nome\":\"X\"}").enviar(), 404,
                "Categoria não encontrada");
        assertErro(api.delete("/v1/categorias/" + loja.id()).token(loja.token()).enviar(), 404,
                "Categoria não encontrada");
    }

    private static List<String> nomes(JsonNode lista) {
        return StreamSupport.stream(lista.spliterator(), false).map(c -> c.get("nome").asText()).toList();
    }

    static void assertErro(Resposta resposta, int status, String trecho) {
        assertThat(resposta.status()).as(resposta.toString()).isEqualTo(status);
        assertThat(resposta.json().get("erro").asText()).contains(trecho);
    }

    @Test
    void ordemNegativaEAceitaPorqueOContratoSoDizInteiro() {
        LojaDeTeste loja = novaLoja();

        Resposta criada = api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"Destaques\",\"ordem\":-1}").enviar();

        assertThat(criada.status()).as(criada.toString()).isEqualTo(201);
        assertThat(criada.json().get("ordem").asInt()).isEqualTo(-1);
    }
}
