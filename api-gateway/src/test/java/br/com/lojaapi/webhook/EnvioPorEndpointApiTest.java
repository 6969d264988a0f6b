package br.com.lojaapi.webhook;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.BancoDeTestes;
import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.OutroNo;
import br.com.lojaapi.apoio.ReceptorDeWebhooks.Recebido;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Each endpoint is sent to on its own (decision 072): an endpoint whose receiver holds every call, or refuses
 * connections, takes only its own slots, so another store's endpoint gets every delivery meanwhile; an endpoint that
 * keeps failing has its circuit opened, then gets one probe at a time, and the first success lets its backlog go.
 * The node is the class's own, on a database of its own, with a long time limit so that held calls stay held for
 * the whole test: no other test's node, with the default short time limit, takes a share of these attempts.
 */
class EnvioPorEndpointApiTest extends TesteDeWebhooks {

    /** WEBHOOK_CONCURRENCY_PER_ENDPOINT's default, for all nodes together. */
    private static final int VAGAS = 10;

    private static OutroNo no;
    private static ClienteHttp cliente;

    @BeforeAll
    static void iniciar() {
        Map<String, Object> propriedades = new HashMap<>(OutroNo.SEM_LIMITES);
        propriedades.put("loja.webhooks.tempo-limite", "60s");
        propriedades.put("loja.webhooks.circuito-falhas", 3);
        propriedades.put("loja.webhooks.circuito-janela", "1ms");
        propriedades.put("loja.webhooks.circuito-sonda", "4s");
        no = OutroNo.iniciar(BancoDeTestes.url("envio_por_endpoint"), propriedades);
        cliente = no.cliente();
    }

    @AfterAll
    static void parar() {
        if (no != null) {
            no.close();
        }
    }

    @Test
    void endpointRapidoRecebeTudoEnquantoOsLentosSeguramAsSuasVagas() throws Exception {
        CountDownLatch soltar = new CountDownLatch(1);
        LojaDeTeste lenta = novaLoja(cliente);
        List<WebhookDeTeste> lentos = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            WebhookDeTeste lento = webhook(cliente, lenta, "cliente.criado");
            receptor.responderCom(lento.caminho(), r -> segurar(soltar));
            lentos.add(lento);
        }
        // and one whose URL refuses connections
        WebhookDeTeste recusado = webhookRecusado(lenta);
        LojaDeTeste rapida = novaLoja(cliente);
        WebhookDeTeste rapido = webhook(cliente, rapida, "cliente.criado");
        int lentas = VAGAS + 5;
        try {
            for (int i = 0; i < lentas; i++) {
                novoCliente(cliente, lenta, "Lento " + i);
            }
            for (WebhookDeTeste lento : lentos) {
                receptor.aguardar(lento.caminho(), VAGAS, ESPERA);
            }

            for (int i = 0; i < 20; i++) {
                novoCliente(cliente, rapida, "Rápido " + i);
            }

            // every fast delivery arrives while the slow endpoints still hold all their slots
            List<Recebido> rapidas = receptor.aguardar(rapido.caminho(), 20, ESPERA);
            assertThat(rapidas).extracting(r -> r.cabecalho("X-Service-Entrega")).doesNotHaveDuplicates();
            assertThat(soltar.getCount()).isEqualTo(1);
            for (WebhookDeTeste lento : lentos) {
                // no more than its slots in flight: the rest waits in its own queue
                assertThat(receptor.recebidos(lento.caminho())).hasSize(VAGAS);
                JsonNode saude = saude(lenta, lento);
                assertThat(saude.get("pendentes").asInt()).isEqualTo(lentas);
                assertThat(saude.get("circuito").asText()).isEqualTo("FECHADO");
            }
            assertThat(saude(lenta, recusado).get("ultimaFalha").isNull()).isFalse();
        } finally {
            soltar.countDown();
        }

        // let go, every slow delivery arrives, each once
        for (WebhookDeTeste lento : lentos) {
            List<Recebido> recebidas = receptor.aguardar(lento.caminho(), lentas, ESPERA);
            assertThat(recebidas).extracting(r -> r.cabecalho("X-Service-Entrega")).doesNotHaveDuplicates();
            JsonNode saude = aguardarSaude(lenta, lento, s -> s.get("pendentes").asInt() == 0);
            assertThat(saude.get("falhasSeguidas").asInt()).isZero();
            assertThat(saude.get("ultimoSucesso").isNull()).isFalse();
        }
    }

    @Test
    void circuitoAbertoMandaUmaSondaPorVezEOPrimeiroSucessoSoltaOQueEsperava() throws Exception {
        LojaDeTeste loja = novaLoja(cliente);
        WebhookDeTeste webhook = webhook(cliente, loja, "cliente.criado");
        AtomicBoolean deVolta = new AtomicBoolean(false);
        CountDownLatch soltarSonda = new CountDownLatch(1);
        // fails until the receiver is back; then holds the first call (the probe) until the test lets it go
        receptor.responderCom(webhook.caminho(), r -> deVolta.get() ? segurar(soltarSonda) : 500);
        int entregas = 4;
        try {
            for (int i = 0; i < entregas; i++) {
                novoCliente(cliente, loja, "Cliente " + i);
            }

            JsonNode aberto = aguardarSaude(loja, webhook,
                    s -> s.get("circuito").asText().equals("ABERTO") && s.get("pendentes").asInt() == entregas);
            assertThat(aberto.get("falhasSeguidas").asInt()).isGreaterThanOrEqualTo(3);
            assertThat(aberto.get("abertoDesde").isNull()).isFalse();
            assertThat(aberto.get("proximaSonda").isNull()).isFalse();

            deVolta.set(true);
            int antes = receptor.recebidos(webhook.caminho()).size();
            receptor.aguardar(webhook.caminho(), antes + 1, ESPERA);
            // While the probe is out, nothing else of the endpoint is sent, though its other deliveries are due and
            // it has free slots: more than a probe interval passes with the one call only.
            TimeUnit.SECONDS.sleep(5);
            assertThat(receptor.recebidos(webhook.caminho())).hasSize(antes + 1);
            assertThat(saude(loja, webhook).get("circuito").asText()).isEqualTo("ABERTO");
        } finally {
            soltarSonda.countDown();
        }

        // the probe's success closes the circuit and the waiting attempts go out, one each
        JsonNode fechado = aguardarSaude(loja, webhook, s -> s.get("circuito").asText().equals("FECHADO")
                && s.get("pendentes").asInt() == 0);
        assertThat(fechado.get("falhasSeguidas").asInt()).isZero();
        assertThat(fechado.get("abertoDesde").isNull()).isTrue();
        List<Recebido> recebidas = receptor.recebidos(webhook.caminho());
        Map<String, List<Integer>> tentativas = recebidas.stream().collect(Collectors.groupingBy(
                r -> r.cabecalho("X-Service-Entrega"), Collectors.mapping(
                        r -> Integer.parseInt(r.cabecalho("X-Service-Tentativa")), Collectors.toList())));
        assertThat(tentativas).hasSize(entregas);
        // attempts that waited were not spent: each delivery's attempts are 1, 2, ... with none skipped
        tentativas.forEach((entrega, numeros) -> assertThat(numeros.stream().sorted().toList())
                .as(entrega).isEqualTo(java.util.stream.IntStream.rangeClosed(1, numeros.size()).boxed().toList()));
        aguardarLog(loja, webhook, log -> {
            long sucessos = 0;
            for (JsonNode linha : log.get("entregas")) {
                sucessos += linha.get("sucesso").asBoolean() ? 1 : 0;
            }
            return sucessos == entregas;
        });
    }

    @Test
    void saudeDoProprioWebhookRevalidaEADeOutraLojaOuInexistenteE404() throws Exception {
        LojaDeTeste loja = novaLoja(cliente);
        WebhookDeTeste webhook = webhook(cliente, loja, "cliente.criado");
        LojaDeTeste outra = novaLoja(cliente);
        Resposta alheia = cliente.get("/v1/webhooks/" + webhook.id()).token(outra.token()).enviar();
        assertThat(alheia.status()).isEqualTo(404);
        assertThat(alheia.texto("erro")).isNotBlank();
        assertThat(cliente.get("/v1/webhooks/00000000-0000-0000-0000-000000000000").token(loja.token()).enviar()
                      .status()).isEqualTo(404);
        Resposta propria = cliente.get("/v1/webhooks/" + webhook.id()).token(loja.token()).enviar();
        assertThat(propria.status()).isEqualTo(200);
        assertThat(propria.json().get("id").asText()).isEqualTo(webhook.id());
        assertThat(propria.json().get("saude").get("circuito").asText()).isEqualTo("FECHADO");
        assertThat(propria.json().get("saude").get("pendentes").asInt()).isZero();
        assertThat(propria.json().get("saude").get("ultimoSucesso").isNull()).isTrue();
        // revalidated like every GET, and changed by a delivery although the webhook's version is not
        String etag = propria.cabecalho("ETag");
        assertThat(etag).matches("\"[0-9]+-[0-9a-f]{16}\"");
        assertThat(cliente.get("/v1/webhooks/" + webhook.id()).token(loja.token()).cabecalho("If-None-Match", etag)
                      .enviar().status()).isEqualTo(304);
        novoCliente(cliente, loja, "Ana");
        aguardarSaude(loja, webhook, s -> !s.get("ultimoSucesso").isNull());
        Resposta mudou = cliente.get("/v1/webhooks/" + webhook.id()).token(loja.token()).cabecalho("If-None-Match", etag)
                            .enviar();
        assertThat(mudou.status()).isEqualTo(200);
        assertThat(mudou.cabecalho("ETag")).isNotEqualTo(etag);

        Resposta operador = cliente.get("/admin/webhooks?limite=1000").token(ADMIN).enviar();
        assertThat(operador.status()).isEqualTo(200);
        assertThat(operador.json()).as("sob o id e o nome da loja")
                .filteredOn(linha -> linha.get("webhookId").asText().equals(webhook.id())).singleElement()
                .satisfies(linha -> assertThat(List.of(linha.get("lojaId").asText(), linha.get("lojaNome").asText()))
                        .containsExactly(loja.id(), "Loja de teste"));
        assertThat(cliente.get("/admin/webhooks").token(loja.token()).enviar().status()).isIn(401, 403, 404);
        assertThat(cliente.get("/admin/webhooks?limite=0").token(ADMIN).enviar().status()).isEqualTo(400);
        assertThat(cliente.get("/admin/webhooks?circuito=X").token(ADMIN).enviar().status()).isEqualTo(400);
    }

    private WebhookDeTeste webhookRecusado(LojaDeTeste loja) throws IOException {
        int porta;
        try (ServerSocket livre = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            porta = livre.getLocalPort();
        }
        Resposta criado = cliente.post("/v1/webhooks").token(loja.token())
                             .json("{\"nome\":\"Recusa\",\"url\":\"http://127.0.0.1:" + porta
                                   + "/recusa\",\"eventos\":[\"cliente.criado\"]}").enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return new WebhookDeTeste(criado.texto("id"), criado.texto("secret"), "/recusa");
    }

    private JsonNode saude(LojaDeTeste loja, WebhookDeTeste webhook) {
        Resposta resposta = cliente.get("/v1/webhooks/" + webhook.id()).token(loja.token()).enviar();
        assertThat(resposta.status()).as(resposta.toString()).isEqualTo(200);
        return resposta.json().get("saude");
    }

    private JsonNode aguardarSaude(LojaDeTeste loja, WebhookDeTeste webhook, Predicate<JsonNode> condicao)
            throws InterruptedException {
        long fim = System.nanoTime() + ESPERA.toNanos();
        JsonNode saude = saude(loja, webhook);
        while (!condicao.test(saude)) {
            if (System.nanoTime() > fim) {
                fail("a saúde do webhook não chegou à condição esperada: " + saude);
            }
            TimeUnit.MILLISECONDS.sleep(100);
            saude = saude(loja, webhook);
        }
        return saude;
    }

    private void aguardarLog(LojaDeTeste loja, WebhookDeTeste webhook, Predicate<JsonNode> condicao)
            throws InterruptedException {
        long fim = System.nanoTime() + ESPERA.toNanos();
        JsonNode log = logDoOperador(loja, webhook);
        while (!condicao.test(log)) {
            if (System.nanoTime() > fim) {
                fail("o log não chegou à condição esperada: " + log);
            }
            TimeUnit.MILLISECONDS.sleep(100);
            log = logDoOperador(loja, webhook);
        }
    }

    private static JsonNode logDoOperador(LojaDeTeste loja, WebhookDeTeste webhook) {
        return cliente.get("/admin/lojas/" + loja.id() + "/webhooks/" + webhook.id() + "/entregas?limite=100")
                      .token(ADMIN).enviar().json();
    }

    /** Holds the receiver's answer until the latch opens (at most a minute), then accepts. */
    private static int segurar(CountDownLatch soltar) {
        try {
            soltar.await(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 200;
    }
}
