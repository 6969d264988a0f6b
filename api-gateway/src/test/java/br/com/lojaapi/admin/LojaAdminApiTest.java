package br.com.lojaapi.admin;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

class LojaAdminApiTest extends TesteDeApi {

    @Autowired
    private JdbcTemplate jdbc;

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
    void listaDeLojasEmPaginasPeloNomeEBuscada() {
        String marca = UUID.randomUUID().toString().substring(0, 8);
        String zeta = criar("Zeta " + marca, slug()).texto("id");
        String alfa = criar("alfa " + marca, slug()).texto("id");
        String slugBeta = slug();
        String beta = criar("Beta " + marca, slugBeta).texto("id");

        Resposta todas = api.get("/admin/lojas?busca=" + marca).token(ADMIN).enviar();
        assertThat(todas.status()).as(todas.toString()).isEqualTo(200);
        assertThat(todas.json().get("lojas").findValuesAsText("id")).as("pelo nome, sem diferenciar maiúsculas")
                .containsExactly(alfa, beta, zeta);
        assertThat(todas.json().get("paginacao").toString()).isEqualTo(paginacao(1, 50, 3));

        Resposta primeira = api.get("/admin/lojas?busca=" + marca.toUpperCase() + "&limite=2").token(ADMIN).enviar();
        assertThat(primeira.json().get("lojas").findValuesAsText("id")).containsExactly(alfa, beta);
        assertThat(primeira.json().get("paginacao").toString()).isEqualTo(paginacao(1, 2, 3));
        Resposta segunda = api.get("/admin/lojas?busca=" + marca + "&limite=2&page=2").token(ADMIN).enviar();
        assertThat(segunda.json().get("lojas").findValuesAsText("id")).containsExactly(zeta);
        Resposta alem = api.get("/admin/lojas?busca=" + marca + "&page=2147483647&limite=100").token(ADMIN).enviar();
        assertThat(alem.status()).isEqualTo(200);
        assertThat(alem.json().get("lojas")).isEmpty();
        assertThat(alem.json().get("paginacao").get("total").asLong()).isEqualTo(3);

        assertThat(api.get("/admin/lojas?busca=" + slugBeta.substring(2)).token(ADMIN).enviar().json().get("lojas")
                      .findValuesAsText("id")).as("pelo slug").containsExactly(beta);
        assertThat(api.get("/admin/lojas?busca=" + zeta).token(ADMIN).enviar().json().get("lojas")
                      .findValuesAsText("id")).as("pelo id").containsExactly(zeta);
        assertThat(api.get("/admin/lojas?busca=" + marca + "%25").token(ADMIN).enviar().json().get("paginacao")
                      .get("total").asLong()).as("% é o próprio caractere").isZero();
        assertThat(api.get("/admin/lojas").token(ADMIN).enviar().json().get("lojas").size()).as("50 por padrão")
                .isLessThanOrEqualTo(50);
    }

    @Test
    void listaDeLojasIgualDepoisDeReconstruida() throws InterruptedException {
        String marca = UUID.randomUUID().toString().substring(0, 8);
        criar("Bazar " + marca, slug());
        criar("armarinho " + marca, slug());
        String antes = api.get("/admin/lojas?busca=" + marca).token(ADMIN).enviar().json().toString();

        reconstruirProjecao("loja-view");

        assertThat(api.get("/admin/lojas?busca=" + marca).token(ADMIN).enviar().json().toString()).isEqualTo(antes);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM pg_indexes WHERE indexname = 'loja_view_nome_idx'"
                + " AND tablename = 'loja_view' AND schemaname = current_schema()", Integer.class))
                .as("o índice da página, com o seu nome, na tabela trocada").isEqualTo(1);
    }

    @Test
    void listaDeLojasRecusaPaginaInvalidaSemMudarNada() {
        for (String consulta : new String[] {"limite=0", "limite=101", "page=0", "page=abc", "limite=x",
                                             "busca=" + "a".repeat(201)}) {
            Resposta resposta = api.get("/admin/lojas?" + consulta).token(ADMIN).enviar();
            assertThat(resposta.status()).as(consulta).isEqualTo(400);
            assertThat(resposta.texto("erro")).as(consulta).isNotBlank();
        }
        assertThat(api.get("/admin/lojas").token(novaLoja().token()).enviar().status()).isEqualTo(401);
    }

    private Resposta criar(String slug) {
        return criar("Loja", slug);
    }

    private Resposta criar(String nome, String slug) {
        return api.post("/admin/lojas").token(ADMIN).json("{\"nome\":\"" + nome + "\",\"slug\":\"" + slug + "\"}")
                  .enviar();
    }

    private static String paginacao(int page, int limite, long total) {
        return "{\"page\":%d,\"limite\":%d,\"total\":%d,\"totalPaginas\":%d}"
                .formatted(page, limite, total, (total + limite - 1) / limite);
    }

    private static String slug() {
        return "l-" + UUID.randomUUID().toString().substring(0, 18);
    }
}
