package br.com.lojaapi.admin;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

class LojaAdminApiTest extends TesteDeApi {

    @Test
    void criarLojaComDadosDeRemetenteENormalizacao() {
        String slug = slug();

        Resposta criada = api.post("/admin/lojas").token(ADMIN).json("""
                {"nome":"Empório Sul","slug":"%s","cnpj":"12.abc.345/01de-35","dominioProprio":"Loja.Exemplo.com.br",
                 "telefone":"11 3333-4444","cep":"01310-100","endereco":"Av. Paulista","numero":"1000",
                 "complemento":"cj 1","bairro":"Bela Vista","cidade":"São Paulo","uf":"sp"}""".formatted(slug)).enviar();

        assertThat(criada.status()).isEqualTo(201);
        JsonNode loja = criada.json();
        assertThat(loja.get("slug").asText()).isEqualTo(slug);
        assertThat(loja.get("cnpj").asText()).isEqualTo("12ABC34501DE35");
        assertThat(loja.get("dominioProprio").asText()).isEqualTo("loja.exemplo.com.br");
        assertThat(loja.get("cep").asText()).isEqualTo("01310100");
        assertThat(loja.get("uf").asText()).isEqualTo("SP");
        assertThat(loja.get("criadoEm").asText()).endsWith("Z");
        assertThat(api.get("/admin/lojas/" + loja.get("id").asText()).token(ADMIN).enviar().json()).isEqualTo(loja);
    }

    @Test
    void slugRepetidoDa409() {
        String slug = slug();
        assertThat(criar(slug).status()).isEqualTo(201);

        Resposta repetida = criar(slug);

        assertThat(repetida.status()).isEqualTo(409);
        assertThat(repetida.texto("erro")).contains(slug);
    }

    @Test
    void dadosInvalidosDao400() {
        assertThat(api.post("/admin/lojas").token(ADMIN).json("{\"slug\":\"" + slug() + "\"}").enviar().status())
                .isEqualTo(400);
        assertThat(api.post("/admin/lojas").token(ADMIN).json("{\"nome\":\"X\"}").enviar().status()).isEqualTo(400);
        assertThat(api.post("/admin/lojas").token(ADMIN).json("{\"nome\":\"X\",\"slug\":\"Com Espaco\"}").enviar().status())
                .isEqualTo(400);
        assertThat(api.post("/admin/lojas").token(ADMIN).json("{\"nome\":\"X\",\"slug\":\"ab\"}").enviar().status())
                .isEqualTo(400);
        Resposta cnpj = api.post("/admin/lojas").token(ADMIN)
                           .json("{\"nome\":\"X\",\"slug\":\"" + slug() + "\",\"cnpj\":\"12ABC34501DE36\"}").enviar();
        assertThat(cnpj.status()).isEqualTo(400);
        assertThat(cnpj.texto("erro")).contains("cnpj");
        Resposta dominio = api.post("/admin/lojas").token(ADMIN)
                              .json("{\"nome\":\"X\",\"slug\":\"" + slug() + "\",\"dominioProprio\":\"https://x.com/a\"}")
                              .enviar();
        assertThat(dominio.status()).isEqualTo(400);
    }

    @Test
    void alterarMudaSoOEnviadoENullLimpaOpcionais() {
        String id = criar(slug()).texto("id");
        api.put("/admin/lojas/" + id).token(ADMIN).json("{\"telefone\":\"11 5555-0000\",\"cidade\":\"Santos\"}").enviar();

        Resposta alterada = api.put("/admin/lojas/" + id).token(ADMIN).json("{\"telefone\":null,\"nome\":\"Novo\"}").enviar();

        assertThat(alterada.status()).isEqualTo(200);
        assertThat(alterada.texto("nome")).isEqualTo("Novo");
        assertThat(alterada.texto("telefone")).isNull();
        assertThat(alterada.texto("cidade")).isEqualTo("Santos");
        assertThat(alterada.json().get("versao").asLong()).isEqualTo(2);
    }

    @Test
    void alterarParaSlugDeOutraLojaDa409ENomeNuloDa400() {
        String ocupado = slug();
        criar(ocupado);
        String id = criar(slug()).texto("id");

        assertThat(api.put("/admin/lojas/" + id).token(ADMIN).json("{\"slug\":\"" + ocupado + "\"}").enviar().status())
                .isEqualTo(409);
        assertThat(api.put("/admin/lojas/" + id).token(ADMIN).json("{\"nome\":null}").enviar().status()).isEqualTo(400);
    }

    @Test
    void lojaDesconhecidaDa404() {
        String desconhecida = "5b6c1d0e-0000-4000-8000-000000000000";
        assertThat(api.get("/admin/lojas/" + desconhecida).token(ADMIN).enviar().status()).isEqualTo(404);
        assertThat(api.get("/admin/lojas/qualquer").token(ADMIN).enviar().status()).isEqualTo(404);
        assertThat(api.put("/admin/lojas/" + desconhecida).token(ADMIN).json("{\"nome\":\"X\"}").enviar().status())
                .isEqualTo(404);
        assertThat(api.get("/admin/lojas/" + desconhecida + "/tokens").token(ADMIN).enviar().status()).isEqualTo(404);
    }

    @Test
    void listaDeLojasIncluiAsCriadas() {
        String id = criar(slug()).texto("id");

        Resposta lista = api.get("/admin/lojas").token(ADMIN).enviar();

        assertThat(lista.status()).isEqualTo(200);
        assertThat(lista.json().get("lojas").findValuesAsText("id")).contains(id);
    }

    private Resposta criar(String slug) {
        return api.post("/admin/lojas").token(ADMIN).json("{\"nome\":\"Loja\",\"slug\":\"" + slug + "\"}").enviar();
    }

    private static String slug() {
        return "l-" + UUID.randomUUID().toString().substring(0, 18);
    }
}
