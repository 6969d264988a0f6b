package br.com.lojaapi.gateway.idempotencia;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** What is kept for a key and for how long: refusals before the claim keep nothing, expired keys run again. */
class ValidadeDasChavesApiTest extends TesteDeApi {

    @Autowired
    private JdbcTemplate jdbc;
    @Autowired
    private RegistroDeIdempotencia registro;

    @Test
    void recusasAntesDaReivindicacaoNaoGuardamNada() throws Exception {
        LojaDeTeste loja = novaLoja();
        String chave = UUID.randomUUID().toString();
        String corpo = "{\"nome\":\"Bebidas\"}";

        Resposta semToken = api.post("/v1/categorias").cabecalho(IdempotenciaFilter.CABECALHO, chave).json(corpo)
                               .enviar();
        assertThat(semToken.status()).isEqualTo(401);
        // A body past the limit sent without Content-Length is cut off while the filter reads it: 413, no claim.
        byte[] grande = ("{\"nome\":\"" + "a".repeat(1_100_000) + "\"}").getBytes(StandardCharsets.UTF_8);
        HttpResponse<String> emPartes = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://localhost:" + porta + "/v1/categorias"))
                .header("Authorization", "Bearer " + loja.token()).header("Content-Type", "application/json")
                .header(IdempotenciaFilter.CABECALHO, chave)
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(grande))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(emPartes.statusCode()).isEqualTo(413);
        assertThat(emPartes.body()).contains("\"erro\"").contains("1048576 bytes");
        assertThat(linhas(loja.id())).isZero();

        Resposta criada = api.post("/v1/categorias").token(loja.token()).cabecalho(IdempotenciaFilter.CABECALHO, chave)
                             .json(corpo).enviar();
        assertThat(criada.status()).as(criada.toString()).isEqualTo(201);
        assertThat(criada.cabecalho(IdempotenciaFilter.REPETIDA)).isNull();
        assertThat(linhas(loja.id())).isEqualTo(1);
    }

    @Test
    void chaveExpiradaValeComoNovaEALimpezaApagaAsExpiradasEmLotes() {
        LojaDeTeste loja = novaLoja();
        String chave = UUID.randomUUID().toString();
        Resposta primeira = api.post("/v1/categorias").token(loja.token())
                               .cabecalho(IdempotenciaFilter.CABECALHO, chave).json("{\"nome\":\"Frios\"}").enviar();
        assertThat(primeira.status()).as(primeira.toString()).isEqualTo(201);
        jdbc.update("UPDATE idempotencia SET expira_em = now() - interval '1 second' WHERE loja_id = ?", loja.id());

        Resposta depois = api.post("/v1/categorias").token(loja.token())
                             .cabecalho(IdempotenciaFilter.CABECALHO, chave).json("{\"nome\":\"Laticínios\"}").enviar();
        assertThat(depois.status()).as(depois.toString()).isEqualTo(201);
        assertThat(depois.cabecalho(IdempotenciaFilter.REPETIDA)).isNull();
        assertThat(depois.texto("id")).isNotEqualTo(primeira.texto("id"));

        jdbc.update("""
                INSERT INTO idempotencia (loja_id, chave, impressao, estado, dono, status, corpo, criada_em, expira_em)
                SELECT ?, 'velha-' || n, '\\x00', 'concluida', 'x', 200, '\\x00', now() - interval '2 days',
                       now() - interval '1 day'
                  FROM generate_series(1, 2500) n""", loja.id());
        assertThat(linhas(loja.id())).isEqualTo(2501);

        registro.limparExpirados();

        assertThat(linhas(loja.id())).isEqualTo(1);
        Resposta repetida = api.post("/v1/categorias").token(loja.token())
                               .cabecalho(IdempotenciaFilter.CABECALHO, chave).json("{\"nome\":\"Laticínios\"}").enviar();
        assertThat(repetida.cabecalho(IdempotenciaFilter.REPETIDA)).isEqualTo("true");
        assertThat(repetida.texto("id")).isEqualTo(depois.texto("id"));
    }

    private long linhas(String lojaId) {
        Long total = jdbc.queryForObject("SELECT COUNT(*) FROM idempotencia WHERE loja_id = ?", Long.class, lojaId);
        return total == null ? 0 : total;
    }
}
