package br.com.lojaapi.acesso;

import br.com.lojaapi.apoio.RequisicaoCrua;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class AutenticacaoApiTest extends TesteDeApi {

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void semTokenOuComCabecalhoMalformadoDa401() {
        assertNaoAutorizado(api.get("/v1/categorias").enviar(), "Authorization: Bearer");
        assertNaoAutorizado(api.get("/v1/categorias").cabecalho("Authorization", "Basic dXNlcjpzZW5oYQ==").enviar(),
                "Token inválido");
        assertNaoAutorizado(api.get("/v1/categorias").cabecalho("Authorization", "Bearer").enviar(), "Token inválido");
        assertNaoAutorizado(api.get("/v1/categorias").cabecalho("Authorization", "Bearer a b").enviar(), "Token inválido");
        assertNaoAutorizado(api.post("/v1/categorias").json("{\"nome\":\"X\"}").enviar(), "Authorization: Bearer");
    }

    @Test
    void headNasRotasPublicasRespondeComoOGetSemCorpoENasProtegidasPedeToken() {
        for (String caminho : List.of("/actuator/health", "/actuator/health/readiness", "/v1/openapi.json", "/v1/docs",
                                      "/admin/console", "/portal/webhooks")) {
            Resposta get = api.get(caminho).enviar();
            Resposta head = api.metodo("HEAD", caminho).enviar();
            assertThat(get.status()).as("GET " + caminho).isIn(200, 302);
            assertThat(head.status()).as("HEAD " + caminho + ": " + head).isEqualTo(get.status());
            assertThat(head.corpo()).as("HEAD " + caminho).isEmpty();
        }
        for (String protegido : List.of("/v1/categorias", "/admin/lojas", "/actuator/prometheus")) {
            Resposta head = api.metodo("HEAD", protegido).enviar();
            assertThat(head.status()).as("HEAD " + protegido).isEqualTo(401);
            assertThat(head.cabecalho("WWW-Authenticate")).isEqualTo("Bearer");
        }
    }

    @Test
    void tokenDesconhecidoDa401() {
        assertNaoAutorizado(api.get("/v1/categorias").token("sk_loja_" + "A".repeat(43)).enviar(), "Token inválido");
    }

    @Test
    void tokenRevogadoDa401NaRequisicaoSeguinte() {
        LojaDeTeste loja = novaLoja();
        assertThat(api.get("/v1/categorias").token(loja.token()).enviar().status()).isEqualTo(200);
        String tokenId = tokens(loja.id()).get(0).get("id").asText();

        Resposta revogado = api.delete("/admin/lojas/" + loja.id() + "/tokens/" + tokenId).token(ADMIN).enviar();

        assertThat(revogado.status()).isEqualTo(200);
        assertThat(revogado.json().get("revogado").asBoolean()).isTrue();
        assertNaoAutorizado(api.get("/v1/categorias").token(loja.token()).enviar(), "Token inválido ou revogado");
        assertThat(tokens(loja.id()).get(0).get("revogadoEm").isNull()).isFalse();
    }

    @Test
    void outroTokenDaMesmaLojaSegueValidoAposRevogacao() {
        LojaDeTeste loja = novaLoja();
        String segundo = novoToken(loja.id());
        String primeiroId = tokens(loja.id()).get(0).get("id").asText();

        api.delete("/admin/lojas/" + loja.id() + "/tokens/" + primeiroId).token(ADMIN).enviar();

        assertThat(api.get("/v1/categorias").token(segundo).enviar().status()).isEqualTo(200);
    }

    @Test
    void tokenDeOperadorNaoValeEmV1ETokenDeLojaNaoValeEmAdmin() {
        LojaDeTeste loja = novaLoja();

        assertNaoAutorizado(api.get("/v1/categorias").token(ADMIN).enviar(), "Token inválido");
        assertNaoAutorizado(api.get("/admin/lojas/" + loja.id()).token(loja.token()).enviar(), "operador");
        assertNaoAutorizado(api.get("/admin/lojas/" + loja.id()).enviar(), "ADMIN_TOKEN");
        assertNaoAutorizado(api.post("/admin/lojas").token("errado-errado-errado").json("{}").enviar(), "operador");
    }

    @Test
    void tokenDeLojaNaoChegaAoOperadorPorCaminhoCodificado() throws Exception {
        LojaDeTeste loja = novaLoja();
        LojaDeTeste outra = novaLoja();

        for (String caminho : List.of("/%61dmin/lojas/" + outra.id(), "/admi%6e/lojas/" + outra.id(),
                "/%61%64%6d%69%6e/lojas/" + outra.id() + "/tokens", "/%61DMIN/lojas/" + outra.id())) {
            Resposta resposta = RequisicaoCrua.enviar(porta, "GET", caminho,
                    Map.of("Authorization", "Bearer " + loja.token()), null);
            assertThat(resposta.status()).as(caminho + " " + resposta).isIn(401, 404);
            assertThat(resposta.corpo()).doesNotContain(outra.id());
        }
        Resposta criar = RequisicaoCrua.enviar(porta, "POST", "/%61dmin/lojas/" + outra.id() + "/tokens",
                Map.of("Authorization", "Bearer " + loja.token(), "Content-Type", "application/json"),
                "{\"nome\":\"roubado\"}".getBytes(StandardCharsets.UTF_8));
        assertThat(criar.status()).as(criar.toString()).isEqualTo(401);
        assertThat(tokens(outra.id())).hasSize(1);
    }

    @Test
    void respostasAutenticadasNaoVaoParaCachesNemSaoFarejadas() {
        LojaDeTeste loja = novaLoja();

        for (Resposta resposta : List.of(api.get("/v1/categorias").token(loja.token()).enviar(),
                api.get("/v1/categorias").enviar(), api.get("/admin/lojas/" + loja.id()).token(ADMIN).enviar())) {
            assertThat(resposta.cabecalho("Cache-Control")).as(resposta.toString()).contains("no-store");
            assertThat(resposta.cabecalho("X-Content-Type-Options")).isEqualTo("nosniff");
        }
    }

    @Test
    void listaDeTokensMostraUsoENuncaOToken() {
        LojaDeTeste loja = novaLoja();
        for (int i = 0; i < 3; i++) {
            api.get("/v1/categorias").token(loja.token()).enviar();
        }

        JsonNode token = tokens(loja.id()).get(0);

        assertThat(token.get("requisicoes").asLong()).isEqualTo(3);
        assertThat(token.get("ultimoUsoEm").isNull()).isFalse();
        assertThat(token.get("nome").asText()).isEqualTo("erp");
        assertThat(token.has("token")).isFalse();
        assertThat(token.toString()).doesNotContain(loja.token());
    }

    @Test
    void tokenTemAoMenos256BitsEFicaGuardadoSoComoHash() throws Exception {
        LojaDeTeste loja = novaLoja();
        assertThat(loja.token()).startsWith("sk_loja_");
        assertThat(loja.token().length() - "sk_loja_".length()).isGreaterThanOrEqualTo(43);

        List<Map<String, Object>> linhas = jdbc.queryForList("SELECT * FROM api_token WHERE loja_id = ?", loja.id());

        assertThat(linhas).hasSize(1);
        byte[] esperado = MessageDigest.getInstance("SHA-256").digest(loja.token().getBytes(StandardCharsets.UTF_8));
        assertThat((byte[]) linhas.get(0).get("hash")).isEqualTo(esperado);
        assertThat(linhas.get(0).values()).noneMatch(v -> v != null && v.toString().contains(loja.token()));
    }

    @Test
    void revogarTokenDeOutraLojaOuInexistenteDa404() {
        LojaDeTeste uma = novaLoja();
        LojaDeTeste outra = novaLoja();
        String tokenDaOutra = tokens(outra.id()).get(0).get("id").asText();

        Resposta cruzado = api.delete("/admin/lojas/" + uma.id() + "/tokens/" + tokenDaOutra).token(ADMIN).enviar();

        assertThat(cruzado.status()).isEqualTo(404);
        assertThat(api.get("/v1/categorias").token(outra.token()).enviar().status()).isEqualTo(200);
        assertThat(api.delete("/admin/lojas/" + uma.id() + "/tokens/x").token(ADMIN).enviar().status()).isEqualTo(404);
        assertThat(api.post("/admin/lojas/5b6c1d0e-0000-4000-8000-000000000000/tokens").token(ADMIN)
                      .json("{\"nome\":\"a\"}").enviar().status()).isEqualTo(404);
    }

    @Test
    void criarTokenSemNomeDa400() {
        LojaDeTeste loja = novaLoja();

        Resposta resposta = api.post("/admin/lojas/" + loja.id() + "/tokens").token(ADMIN).json("{\"nome\":\" \"}").enviar();

        assertThat(resposta.status()).isEqualTo(400);
        assertThat(resposta.texto("erro")).contains("nome do token");
    }

    private List<JsonNode> tokens(String lojaId) {
        Resposta lista = api.get("/admin/lojas/" + lojaId + "/tokens").token(ADMIN).enviar();
        assertThat(lista.status()).isEqualTo(200);
        List<JsonNode> tokens = new java.util.ArrayList<>();
        lista.json().get("tokens").forEach(tokens::add);
        return tokens;
    }

    private static void assertNaoAutorizado(Resposta resposta, String trecho) {
        assertThat(resposta.status()).as(resposta.toString()).isEqualTo(401);
        assertThat(resposta.json().get("erro").asText()).contains(trecho);
        assertThat(resposta.json().size()).isEqualTo(1);
    }
}
