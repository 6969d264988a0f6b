package br.com.lojaapi.webhook;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.EmParalelo;
import br.com.lojaapi.apoio.OutroNo;
import br.com.lojaapi.apoio.ReceptorDeWebhooks.Recebido;
import br.com.lojaapi.apoio.Resposta;
import com.fasterxml.jackson.databind.JsonNode;
import com.standardwebhooks.Webhook;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The store's own delivery log, recovery and test delivery (/v1/webhooks/{id}/...), as its integrator sees them,
 * with second-scale retries (TesteDeApi.ATRASOS: five attempts, 1 s apart). Nothing here waits a fixed time: each
 * step waits for what the receiver or the log shows, with {@link #ESPERA} only as the point of giving up.
 */
class EntregasDaLojaApiTest extends TesteDeWebhooks {

    private static final Duration ESPERA = Duration.ofSeconds(60);

    @Test
    void receptorForaDoArPorTresEventosRecuperaExatamenteEssesTresComOsMesmosIds() throws Exception {
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste webhook = webhook(loja, "cliente.criado");
        AtomicBoolean foraDoAr = new AtomicBoolean(false);
        receptor.responderCom(webhook.caminho(), r -> foraDoAr.get() ? 503 : 200);
        Instant desde = Instant.now().minusSeconds(1);
        novoCliente(loja, "Antes da queda");
        String entregue = receptor.aguardar(webhook.caminho(), 1, ESPERA).get(0).cabecalho("X-Service-Entrega");

        foraDoAr.set(true);
        for (String nome : List.of("Ana", "Bia", "Caio")) {
            novoCliente(loja, nome);
        }
        // each of the three has failed its fifth and last attempt
        JsonNode falhas = aguardarLog(loja, webhook, "?sucesso=false&limite=100",
                log -> finaisFalhos(log).size() == 3);
        Set<String> perdidas = finaisFalhos(falhas);
        assertThat(perdidas).doesNotContain(entregue);
        int antes = receptor.recebidos(webhook.caminho()).size();
        assertThat(antes).as("uma entrega e três vezes cinco tentativas").isEqualTo(1 + 3 * 5);

        foraDoAr.set(false);
        Resposta recuperacao = recuperar(api, loja, webhook, desde.toString());
        assertThat(recuperacao.status()).as(recuperacao.toString()).isEqualTo(202);
        assertThat(recuperacao.json().get("entregas").asInt()).isEqualTo(3);
        assertThat(recuperacao.json().get("todas").asBoolean()).isTrue();

        List<Recebido> novas = receptor.aguardar(webhook.caminho(), antes + 3, ESPERA).subList(antes, antes + 3);
        assertThat(novas).extracting(r -> r.cabecalho("X-Service-Entrega"))
                         .containsExactlyInAnyOrderElementsOf(perdidas);
        for (Recebido nova : novas) {
            assertThat(nova.cabecalho("X-Service-Tentativa")).isEqualTo("1");
            assertThat(nova.cabecalho("webhook-id")).isEqualTo(nova.cabecalho("X-Service-Entrega"));
            // a receiver using the Standard Webhooks library verifies it as it stands; the contract's signature too
            new Webhook(webhook.secret()).verify(nova.texto(), cabecalhosPadrao(nova));
            assinaturasConferem(nova, webhook.secret());
            assertThat(json(nova).get("dados").get("nome").asText()).isIn("Ana", "Bia", "Caio");
        }

        // the log shows both series of each: five failed attempts, then one that succeeded
        JsonNode log = aguardarLog(loja, webhook, "?limite=100", l -> linhas(l, r -> r.get("serie").asInt() == 2
                && r.get("sucesso").asBoolean()).size() == 3);
        for (String id : perdidas) {
            List<JsonNode> daEntrega = linhas(log, r -> r.get("id").asText().equals(id));
            assertThat(daEntrega).extracting(r -> r.get("serie").asInt() + "/" + r.get("tentativa").asInt() + "/"
                            + r.get("sucesso").asBoolean())
                    .containsExactly("2/1/true", "1/5/false", "1/4/false", "1/3/false", "1/2/false", "1/1/false");
            assertThat(daEntrega).extracting(r -> r.get("payload")).containsOnly(daEntrega.get(0).get("payload"));
        }
        assertThat(receptor.recebidos(webhook.caminho())).hasSize(antes + 3);
        // the recovery ended with its last delivery: another one may start, and finds nothing failed
        Resposta outra = recuperar(api, loja, webhook, desde.toString());
        assertThat(outra.status()).as(outra.toString()).isEqualTo(202);
        assertThat(outra.json().get("entregas").asInt()).isZero();

        // another store sees none of it and can recover, re-send or test nothing of it
        LojaDeTeste alheia = novaLoja();
        WebhookDeTeste deOutra = webhook(alheia, "cliente.criado");
        String id = perdidas.iterator().next();
        List<Resposta> alheias = List.of(
                api.get("/v1/webhooks/" + webhook.id() + "/entregas").token(alheia.token()).enviar(),
                recuperar(api, alheia, webhook, desde.toString()),
                api.post("/v1/webhooks/" + webhook.id() + "/entregas/" + id + "/reenviar").token(alheia.token())
                   .enviar(),
                api.post("/v1/webhooks/" + deOutra.id() + "/entregas/" + id + "/reenviar").token(alheia.token())
                   .enviar(),
                api.post("/v1/webhooks/" + webhook.id() + "/teste").token(alheia.token()).enviar());
        for (Resposta alheio : alheias) {
            assertThat(alheio.status()).as(alheio.toString()).isEqualTo(404);
            assertThat(alheio.json().get("erro").asText()).isNotBlank();
        }
        assertThat(aguardarLog(alheia, deOutra, "", l -> true).get("entregas")).isEmpty();
        assertThat(receptor.recebidos(webhook.caminho())).hasSize(antes + 3);
    }

    @Test
    void reenvioDeUmaEntregaPelaLojaComecaNovaSerieComOMesmoId() throws Exception {
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste webhook = webhook(loja, "cliente.criado");
        novoCliente(loja, "Reenviada");
        Recebido primeira = receptor.aguardar(webhook.caminho(), 1, ESPERA).get(0);
        String id = primeira.cabecalho("X-Service-Entrega");
        aguardarLog(loja, webhook, "", l -> l.get("entregas").size() == 1);

        Resposta reenvio = api.post("/v1/webhooks/" + webhook.id() + "/entregas/" + id + "/reenviar")
                              .token(loja.token()).enviar();
        assertThat(reenvio.status()).as(reenvio.toString()).isEqualTo(202);
        assertThat(reenvio.json().get("id").asText()).isEqualTo(id);
        assertThat(reenvio.json().get("serie").asInt()).isEqualTo(2);

        Recebido segunda = receptor.aguardar(webhook.caminho(), 2, ESPERA).get(1);
        assertThat(segunda.cabecalho("X-Service-Entrega")).isEqualTo(id);
        assertThat(segunda.texto()).isEqualTo(primeira.texto());
        new Webhook(webhook.secret()).verify(segunda.texto(), cabecalhosPadrao(segunda));
        Resposta desconhecida = api.post("/v1/webhooks/" + webhook.id() + "/entregas/"
                + "00000000-0000-0000-0000-000000000000/reenviar").token(loja.token()).enviar();
        assertThat(desconhecida.status()).as(desconhecida.toString()).isEqualTo(404);
    }

    @Test
    void testeChegaAssinadoAQuemNaoOAssinaRespondeOResultadoEApareceNoLog() throws Exception {
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste webhook = webhook(loja, "pedido.criado");
        Instant antes = Instant.now();

        Resposta teste = api.post("/v1/webhooks/" + webhook.id() + "/teste").token(loja.token()).enviar();

        assertThat(teste.status()).as(teste.toString()).isEqualTo(200);
        JsonNode resultado = teste.json();
        assertThat(resultado.get("evento").asText()).isEqualTo("webhook.teste");
        assertThat(resultado.get("sucesso").asBoolean()).isTrue();
        assertThat(resultado.get("statusHttp").asInt()).isEqualTo(200);
        assertThat(resultado.get("resposta").asText()).isEqualTo("{\"recebido\":1}");
        assertThat(resultado.get("erro").isNull()).isTrue();
        assertThat(resultado.get("duracaoMs").asLong()).isNotNegative();
        // answered once the attempt was over: the receiver already has it
        List<Recebido> recebidos = receptor.recebidos(webhook.caminho());
        assertThat(recebidos).hasSize(1);
        Recebido recebido = recebidos.get(0);
        new Webhook(webhook.secret()).verify(recebido.texto(), cabecalhosPadrao(recebido));
        assinaturasConferem(recebido, webhook.secret());
        assertThat(recebido.cabecalho("X-Service-Event")).isEqualTo("webhook.teste");
        assertThat(recebido.cabecalho("X-Service-Tentativa")).isEqualTo("1");
        assertThat(recebido.cabecalho("X-Service-Entrega")).isEqualTo(resultado.get("id").asText());
        assertThat(recebido.cabecalho("User-Agent")).isEqualTo("loja-api-webhooks/1");
        JsonNode corpo = json(recebido);
        assertThat(corpo.fieldNames()).toIterable().containsExactly("evento", "criadoEm", "dados");
        assertThat(corpo.get("evento").asText()).isEqualTo("webhook.teste");
        assertThat(corpo.get("dados").fieldNames()).toIterable().containsExactly("webhookId", "enviadoEm");
        assertThat(corpo.get("dados").get("webhookId").asText()).isEqualTo(webhook.id());
        Instant enviadoEm = Instant.parse(corpo.get("dados").get("enviadoEm").asText());
        assertThat(enviadoEm).isEqualTo(Instant.parse(resultado.get("enviadoEm").asText())).isAfterOrEqualTo(antes)
                             .isEqualTo(Instant.parse(corpo.get("criadoEm").asText()));
        assertThat(Long.parseLong(recebido.cabecalho("webhook-timestamp"))).isEqualTo(enviadoEm.getEpochSecond());

        JsonNode log = aguardarLog(loja, webhook, "?evento=webhook.teste", l -> l.get("entregas").size() == 1);
        JsonNode linha = log.get("entregas").get(0);
        assertThat(linha.get("id").asText()).isEqualTo(resultado.get("id").asText());
        assertThat(linha.get("serie").asInt()).isEqualTo(1);
        assertThat(linha.get("tentativa").asInt()).isEqualTo(1);
        assertThat(linha.get("sucesso").asBoolean()).isTrue();
        assertThat(linha.get("proximaTentativaEm").isNull()).isTrue();
        assertThat(linha.get("payload")).isEqualTo(corpo);
        // a test is never sent again: another test is
        Resposta reenvio = api.post("/v1/webhooks/" + webhook.id() + "/entregas/" + linha.get("id").asText()
                + "/reenviar").token(loja.token()).enviar();
        assertThat(reenvio.status()).as(reenvio.toString()).isEqualTo(409);
        assertThat(reenvio.json().get("erro").asText()).contains("teste");
    }

    @Test
    void testeAReceptorQueResponde500RelataAFalhaENaoRepete() {
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste webhook = webhook(loja, "cliente.criado");
        receptor.sempreFalhar(webhook.caminho(), 500);

        Resposta teste = api.post("/v1/webhooks/" + webhook.id() + "/teste").token(loja.token()).enviar();

        assertThat(teste.status()).as(teste.toString()).isEqualTo(200);
        JsonNode resultado = teste.json();
        assertThat(resultado.get("sucesso").asBoolean()).isFalse();
        assertThat(resultado.get("statusHttp").asInt()).isEqualTo(500);
        assertThat(resultado.get("erro").asText()).contains("500");
        assertThat(resultado.get("resposta").asText()).isEqualTo("{\"recebido\":1}");
        String id = resultado.get("id").asText();
        JsonNode log = aguardarLog(loja, webhook, "?sucesso=false", l -> l.get("entregas").size() == 1);
        assertThat(log.get("entregas").get(0).get("proximaTentativaEm").isNull()).as("nenhuma nova tentativa").isTrue();
        // A business delivery to the same failing receiver is retried by the schedule a retry of the test would
        // follow; once its second attempt (1 s after its first, which came after the test) has arrived, a retry of
        // the test would have been due before it.
        novoCliente(loja, "Depois do teste");
        receptor.aguardar(webhook.caminho(), r -> r.stream().anyMatch(x -> !id.equals(x.cabecalho("X-Service-Entrega"))
                && "2".equals(x.cabecalho("X-Service-Tentativa"))), ESPERA, "a segunda tentativa da entrega real");
        assertThat(receptor.recebidos(webhook.caminho())).filteredOn(r -> id.equals(r.cabecalho("X-Service-Entrega")))
                                                         .hasSize(1);
        assertThat(aguardarLog(loja, webhook, "?evento=webhook.teste", l -> true).get("entregas")).hasSize(1);
    }

    /**
     * At most one recovery per webhook, across nodes: of simultaneous requests one starts it, the others get 409,
     * and so does the other node while it runs. The recovery is started on a node whose retry delays are an hour,
     * so its series are still running (and the recovery with them) for as long as the test needs, whatever the load.
     */
    @Test
    void umaRecuperacaoPorWebhookDeCadaVezTambemEntreDoisNos() throws Exception {
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste webhook = webhook(loja, "cliente.criado");
        receptor.sempreFalhar(webhook.caminho(), 503);
        Instant desde = Instant.now().minusSeconds(1);
        novoCliente(loja, "Perdido 1");
        novoCliente(loja, "Perdido 2");
        aguardarLog(loja, webhook, "?sucesso=false&limite=100", log -> finaisFalhos(log).size() == 2);

        try (OutroNo lento = OutroNo.iniciar(Map.of("loja.limite.por-minuto", 1_000_000,
                "loja.limite.escritas-por-minuto", 1_000_000, "loja.webhooks.atrasos", "1h"))) {
            ClienteHttp outro = lento.cliente();
            List<Resposta> simultaneas = EmParalelo.executar(4, i -> recuperar(outro, loja, webhook,
                    desde.toString()));
            assertThat(simultaneas).extracting(Resposta::status).as(simultaneas.toString())
                                   .containsExactlyInAnyOrder(202, 409, 409, 409);
            Resposta aceita = simultaneas.stream().filter(r -> r.status() == 202).findFirst().orElseThrow();
            assertThat(aceita.json().get("entregas").asInt()).isEqualTo(2);
            simultaneas.stream().filter(r -> r.status() == 409).forEach(r ->
                    assertThat(r.json().get("erro").asText()).contains("em andamento"));

            // the new series have begun (their first attempts failed, the next are an hour away)
            aguardarLog(loja, webhook, "?sucesso=false&limite=100", l -> linhas(l, r -> r.get("serie").asInt() == 2)
                    .size() == 2);
            Resposta noOutroNo = recuperar(api, loja, webhook, desde.toString());
            assertThat(noOutroNo.status()).as(noOutroNo.toString()).isEqualTo(409);
            assertThat(noOutroNo.json().get("erro").asText()).contains("2 entrega(s)");
        }
    }

    @Test
    void desdeAusenteMalformadoFuturoOuAlemDeTrintaDiasE400() {
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste webhook = webhook(loja, "cliente.criado");
        Instant agora = Instant.now();
        for (String corpo : List.of("{}", "{\"desde\":null}", "{\"desde\":\"ontem\"}",
                "{\"desde\":\"2026-13-01T00:00:00Z\"}", "{\"desde\":\"2026-11-21T10:00:00\"}",
                "{\"desde\":\"" + agora.plus(Duration.ofMinutes(5)) + "\"}",
                "{\"desde\":\"" + agora.minus(Duration.ofDays(30)).minus(Duration.ofMinutes(5)) + "\"}")) {
            Resposta resposta = api.post("/v1/webhooks/" + webhook.id() + "/recuperar").token(loja.token())
                                   .json(corpo).enviar();
            assertThat(resposta.status()).as(corpo + " -> " + resposta).isEqualTo(400);
            assertThat(resposta.json().get("erro").asText()).as(corpo).contains("desde");
        }
        Resposta limite = recuperar(api, loja, webhook,
                agora.minus(Duration.ofDays(30)).plus(Duration.ofMinutes(5)).toString());
        assertThat(limite.status()).as(limite.toString()).isEqualTo(202);
        assertThat(limite.json().get("entregas").asInt()).isZero();

        for (String consulta : List.of("?sucesso=talvez", "?evento=pedido.inventado", "?limite=0", "?page=0")) {
            Resposta resposta = api.get("/v1/webhooks/" + webhook.id() + "/entregas" + consulta).token(loja.token())
                                   .enviar();
            assertThat(resposta.status()).as(consulta + " -> " + resposta).isEqualTo(400);
        }
        Resposta inexistente = recuperar(api, loja, new WebhookDeTeste("00000000-0000-0000-0000-000000000000", null,
                null), agora.toString());
        assertThat(inexistente.status()).isEqualTo(404);
    }

    @Test
    void logDeWebhookRemovidoContinuaLegivelMasNadaMaisSaiParaEle() {
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste webhook = webhook(loja, "cliente.criado");
        novoCliente(loja, "Antes de remover");
        String id = receptor.aguardar(webhook.caminho(), 1, ESPERA).get(0).cabecalho("X-Service-Entrega");
        JsonNode log = aguardarLog(loja, webhook, "", l -> l.get("entregas").size() == 1);
        Resposta primeira = api.get("/v1/webhooks/" + webhook.id() + "/entregas").token(loja.token()).enviar();
        Resposta igual = api.get("/v1/webhooks/" + webhook.id() + "/entregas").token(loja.token())
                            .cabecalho("If-None-Match", primeira.cabecalho("ETag")).enviar();
        assertThat(igual.status()).isEqualTo(304);
        assertThat(api.delete("/v1/webhooks/" + webhook.id()).token(loja.token()).enviar().status()).isEqualTo(200);

        assertThat(aguardarLog(loja, webhook, "", l -> true)).isEqualTo(log);
        for (Resposta resposta : List.of(
                api.post("/v1/webhooks/" + webhook.id() + "/teste").token(loja.token()).enviar(),
                recuperar(api, loja, webhook, Instant.now().minusSeconds(60).toString()),
                api.post("/v1/webhooks/" + webhook.id() + "/entregas/" + id + "/reenviar").token(loja.token())
                   .enviar())) {
            assertThat(resposta.status()).as(resposta.toString()).isEqualTo(409);
            assertThat(resposta.json().get("erro").asText()).contains("removido");
        }
        assertThat(receptor.recebidos(webhook.caminho())).hasSize(1);
    }

    private static Resposta recuperar(ClienteHttp cliente, LojaDeTeste loja, WebhookDeTeste webhook, String desde) {
        return cliente.post("/v1/webhooks/" + webhook.id() + "/recuperar").token(loja.token())
                      .json("{\"desde\":\"" + desde + "\"}").enviar();
    }

    /** The Standard Webhooks headers of a request, as its library takes them. */
    private static Map<String, List<String>> cabecalhosPadrao(Recebido recebido) {
        return Map.of("webhook-id", List.of(recebido.cabecalho("webhook-id")),
                "webhook-timestamp", List.of(recebido.cabecalho("webhook-timestamp")),
                "webhook-signature", List.of(recebido.cabecalho("webhook-signature")));
    }

    /** Polls the store's log until it satisfies the condition; fails the test after {@link #ESPERA}. */
    private JsonNode aguardarLog(LojaDeTeste loja, WebhookDeTeste webhook, String consulta,
                                 Predicate<JsonNode> condicao) {
        long fim = System.nanoTime() + ESPERA.toNanos();
        Resposta log;
        do {
            log = api.get("/v1/webhooks/" + webhook.id() + "/entregas" + consulta).token(loja.token()).enviar();
            assertThat(log.status()).as(log.toString()).isEqualTo(200);
            if (condicao.test(log.json())) {
                return log.json();
            }
            EntregaDeWebhooksApiTest.pausar(100);
        } while (System.nanoTime() < fim);
        throw new AssertionError("o log não chegou à condição esperada: " + log);
    }

    /** Deliveries whose attempt in the page failed and was the last of its series. */
    private static Set<String> finaisFalhos(JsonNode log) {
        return linhas(log, r -> !r.get("sucesso").asBoolean() && r.get("proximaTentativaEm").isNull()).stream()
                .map(r -> r.get("id").asText()).collect(Collectors.toCollection(HashSet::new));
    }

    private static List<JsonNode> linhas(JsonNode log, Predicate<JsonNode> filtro) {
        List<JsonNode> linhas = new ArrayList<>();
        log.get("entregas").forEach(r -> {
            if (filtro.test(r)) {
                linhas.add(r);
            }
        });
        return linhas;
    }
}
