package br.com.lojaapi.gateway.idempotencia;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.apoio.TravaConsultiva;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What is kept for a key and for how long: refusals before the claim keep nothing, expired keys run again, and a
 * claim left behind by a request that never answered runs again only if it changed nothing.
 */
class ValidadeDasChavesApiTest extends TesteDeApi {

    @Autowired
    private JdbcTemplate jdbc;
    @Autowired
    private ChavesDeIdempotencia chaves;

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

        chaves.limparExpirados();

        assertThat(linhas(loja.id())).isEqualTo(1);
        Resposta repetida = api.post("/v1/categorias").token(loja.token())
                               .cabecalho(IdempotenciaFilter.CABECALHO, chave).json("{\"nome\":\"Laticínios\"}").enviar();
        assertThat(repetida.cabecalho(IdempotenciaFilter.REPETIDA)).isEqualTo("true");
        assertThat(repetida.texto("id")).isEqualTo(depois.texto("id"));
    }

    @Test
    void soUmaRequisicaoQueMudouAlgoMarcaAChave() {
        LojaDeTeste loja = novaLoja();
        String valida = UUID.randomUUID().toString();
        String invalida = UUID.randomUUID().toString();

        assertThat(categoria(loja, valida, "{\"nome\":\"Padaria\"}").status()).isEqualTo(201);
        assertThat(categoria(loja, invalida, "{\"nome\":\"\"}").status()).isEqualTo(400);

        assertThat(efetivada(loja.id(), valida)).isTrue();
        assertThat(efetivada(loja.id(), invalida)).isFalse();
    }

    @Test
    void chaveAbandonadaSemEfeitoRodaDeNovoEComEfeitoDa409SemRepetir() {
        LojaDeTeste loja = novaLoja();
        String produto = produtoComEstoque(loja, "10");
        String semEfeito = UUID.randomUUID().toString();
        String comEfeito = UUID.randomUUID().toString();
        assertThat(saida(loja, semEfeito, produto).status()).isEqualTo(200);
        assertThat(saida(loja, comEfeito, produto).status()).isEqualTo(200);
        assertThat(estoque(loja, produto)).isEqualByComparingTo("8");
        // As a node that stopped mid-request leaves them: in progress for an hour, with or without a commit.
        abandonar(loja.id(), semEfeito, false);
        abandonar(loja.id(), comEfeito, true);

        Resposta deNovo = saida(loja, semEfeito, produto);
        assertThat(deNovo.status()).as(deNovo.toString()).isEqualTo(200);
        assertThat(deNovo.cabecalho(IdempotenciaFilter.REPETIDA)).isNull();
        Resposta perdida = saida(loja, comEfeito, produto);
        assertThat(perdida.status()).as(perdida.toString()).isEqualTo(409);
        assertThat(perdida.texto("erro")).contains("se perdeu");

        assertThat(estoque(loja, produto)).isEqualByComparingTo("7");
        assertThat(saida(loja, semEfeito, produto).cabecalho(IdempotenciaFilter.REPETIDA)).isEqualTo("true");
    }

    @Test
    void requisicaoLentaDemaisAssumidaPorUmaRetentativaNaoTemEfeito() throws Exception {
        LojaDeTeste loja = novaLoja();
        String produto = produtoComEstoque(loja, "10");
        String chave = UUID.randomUUID().toString();
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            Future<Resposta> lenta;
            Future<Resposta> retentativa;
            try (TravaConsultiva estoque = TravaConsultiva.doEstoque(produto)) {
                lenta = threads.submit(() -> saida(loja, chave, produto));
                esperar(() -> linhas(loja.id()) == 1);
                abandonar(loja.id(), chave, false);
                retentativa = threads.submit(() -> saida(loja, chave, produto));
                esperar(() -> Boolean.TRUE.equals(jdbc.queryForObject("SELECT criada_em > now() - interval '1 minute' "
                        + "FROM idempotencia WHERE loja_id = ? AND chave = ?", Boolean.class, loja.id(), chave)));
            }

            Resposta assumida = lenta.get();
            assertThat(assumida.status()).as(assumida.toString()).isEqualTo(409);
            assertThat(assumida.texto("erro")).contains("assumiu");
            assertThat(retentativa.get().status()).as(retentativa.get().toString()).isEqualTo(200);
        } finally {
            threads.shutdown();
        }
        assertThat(estoque(loja, produto)).isEqualByComparingTo("9");
        assertThat(saida(loja, chave, produto).cabecalho(IdempotenciaFilter.REPETIDA)).isEqualTo("true");
    }

    private void abandonar(String lojaId, String chave, boolean efetivada) {
        jdbc.update("""
                UPDATE idempotencia SET estado = 'em_andamento', status = NULL, cabecalhos = NULL, corpo = NULL,
                       efetivada = ?, criada_em = now() - interval '1 hour'
                 WHERE loja_id = ? AND chave = ?""", efetivada, lojaId, chave);
    }

    private boolean efetivada(String lojaId, String chave) {
        return Boolean.TRUE.equals(jdbc.queryForObject(
                "SELECT efetivada FROM idempotencia WHERE loja_id = ? AND chave = ?", Boolean.class, lojaId, chave));
    }

    private static void esperar(BooleanSupplier condicao) throws InterruptedException {
        for (int i = 0; i < 300 && !condicao.getAsBoolean(); i++) {
            Thread.sleep(50);
        }
        assertThat(condicao.getAsBoolean()).as("condição esperada em 15 s").isTrue();
    }

    private Resposta categoria(LojaDeTeste loja, String chave, String corpo) {
        return api.post("/v1/categorias").token(loja.token()).cabecalho(IdempotenciaFilter.CABECALHO, chave)
                  .json(corpo).enviar();
    }

    private String produtoComEstoque(LojaDeTeste loja, String estoque) {
        Resposta criado = api.post("/v1/produtos").token(loja.token()).json("{\"nome\":\"Café\",\"preco\":10,"
                + "\"controlaEstoque\":true,\"quantidadeEstoque\":" + estoque + "}").enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return criado.texto("id");
    }

    private BigDecimal estoque(LojaDeTeste loja, String produtoId) {
        return api.get("/v1/produtos/" + produtoId).token(loja.token()).enviar().json().get("quantidadeEstoque")
                  .decimalValue();
    }

    private Resposta saida(LojaDeTeste loja, String chave, String produtoId) {
        return api.post("/v1/estoque").token(loja.token()).cabecalho(IdempotenciaFilter.CABECALHO, chave)
                  .json("{\"produtoId\":\"" + produtoId + "\",\"tipo\":\"SAIDA\",\"quantidade\":1}").enviar();
    }

    private long linhas(String lojaId) {
        Long total = jdbc.queryForObject("SELECT COUNT(*) FROM idempotencia WHERE loja_id = ?", Long.class, lojaId);
        return total == null ? 0 : total;
    }
}
