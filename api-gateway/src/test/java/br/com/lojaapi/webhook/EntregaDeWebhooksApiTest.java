package br.com.lojaapi.webhook;

import br.com.lojaapi.apoio.ReceptorDeWebhooks.Recebido;
import br.com.lojaapi.apoio.Resposta;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Deliveries as a receiver sees them, with second-scale retries (see TesteDeApi.ATRASOS). */
class EntregaDeWebhooksApiTest extends TesteDeWebhooks {

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void clienteCriadoChegaAssinadoNosDoisEsquemas() throws Exception {
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste webhook = webhook(loja, "cliente.criado");
        Resposta cliente = novoCliente(loja, "Joana");

        Recebido recebido = receptor.aguardar(webhook.caminho(), 1, ESPERA).get(0);
        assinaturasConferem(recebido, webhook.secret());
        assertThat(recebido.cabecalho("Content-Type")).startsWith("application/json");
        assertThat(recebido.cabecalho("X-Service-Event")).isEqualTo("cliente.criado");
        assertThat(recebido.cabecalho("X-Service-Tentativa")).isEqualTo("1");
        assertThat(recebido.cabecalho("X-Service-Entrega")).isEqualTo(recebido.cabecalho("webhook-id"));
        JsonNode corpo = json(recebido);
        assertThat(corpo.fieldNames()).toIterable().containsExactly("evento", "criadoEm", "dados");
        assertThat(corpo.get("evento").asText()).isEqualTo("cliente.criado");
        assertThat(corpo.get("dados")).isEqualTo(cliente.json());

        long fim = System.nanoTime() + ESPERA.toNanos();
        JsonNode listado;
        do {
            listado = api.get("/v1/webhooks").token(loja.token()).enviar().json().get(0);
        } while (listado.get("ultimaEntrega").isNull() && System.nanoTime() < fim);
        assertThat(listado.get("ultimaEntrega").isNull()).as("ultimaEntrega atualizada").isFalse();
    }

    @Test
    void receptorQueFalhaDuasVezesVeTentativas123ComUmaSoEntrega() {
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste webhook = webhook(loja, "cliente.criado");
        receptor.falharPrimeiras(webhook.caminho(), 2, 503);
        novoCliente(loja, "Rita");

        List<Recebido> recebidos = receptor.aguardar(webhook.caminho(), 3, ESPERA);
        assertThat(recebidos).extracting(r -> r.cabecalho("X-Service-Tentativa")).containsExactly("1", "2", "3");
        assertThat(recebidos).extracting(r -> r.cabecalho("X-Service-Entrega")).containsOnly(
                recebidos.get(0).cabecalho("X-Service-Entrega"));
        assertThat(recebidos).extracting(Recebido::texto).containsOnly(recebidos.get(0).texto());
        pausar(2500);
        assertThat(receptor.recebidos(webhook.caminho())).hasSize(3);
        // the saga that drove the retries found itself at each outcome and ended with the success: none is left
        // waiting (a lookup that missed it would have started another and left the first stored)
        String entrega = recebidos.get(0).cabecalho("X-Service-Entrega");
        long fim = System.nanoTime() + ESPERA.toNanos();
        while (sagasDaEntrega(entrega) > 0 && System.nanoTime() < fim) {
            pausar(100);
        }
        assertThat(sagasDaEntrega(entrega)).isZero();
    }

    private long sagasDaEntrega(String entregaId) {
        Long n = jdbc.queryForObject("SELECT count(*) FROM association_value_entry WHERE association_key = 'entregaId' "
                                     + "AND association_value = ?", Long.class, entregaId);
        return n == null ? 0 : n;
    }

    @Test
    void receptorQueSempreFalhaVeCincoTentativasEOLogMostraCinco() {
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste webhook = webhook(loja, "cliente.criado");
        receptor.sempreFalhar(webhook.caminho(), 500);
        novoCliente(loja, "Beto");

        receptor.aguardar(webhook.caminho(), 5, ESPERA);
        pausar(3000);
        assertThat(receptor.recebidos(webhook.caminho())).hasSize(5);
        JsonNode log = aguardarLog(loja, webhook, 5);
        assertThat(log.get("paginacao").get("total").asInt()).isEqualTo(5);
        JsonNode ultima = log.get("entregas").get(0);
        assertThat(ultima.get("tentativa").asInt()).isEqualTo(5);
        assertThat(ultima.get("statusHttp").asInt()).isEqualTo(500);
        assertThat(ultima.get("proximaTentativaEm").isNull()).isTrue();
        assertThat(ultima.get("erro").asText()).contains("500");
        assertThat(ultima.get("payload").get("evento").asText()).isEqualTo("cliente.criado");
        assertThat(log.get("entregas").get(1).get("proximaTentativaEm").isNull()).isFalse();
    }

    @Test
    void receptorMaisLentoQueOTempoLimiteContaComoFalha() {
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste webhook = webhook(loja, "cliente.criado");
        receptor.demorar(webhook.caminho(), Duration.ofSeconds(4));
        novoCliente(loja, "Lenta");

        JsonNode log = aguardarLog(loja, webhook, 1);
        JsonNode primeira = log.get("entregas").get(log.get("entregas").size() - 1);
        assertThat(primeira.get("statusHttp").isNull()).isTrue();
        assertThat(primeira.get("sucesso").asBoolean()).isFalse();
        assertThat(primeira.get("erro").asText()).contains("sem resposta");
        assertThat(primeira.get("duracaoMs").asLong()).isBetween(1500L, 4000L);
    }

    @Test
    void redirecionamentoEFalhaENaoESeguido() {
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste webhook = webhook(loja, "cliente.criado");
        receptor.falharPrimeiras(webhook.caminho(), 1, 301);
        novoCliente(loja, "Redirecionada");

        receptor.aguardar(webhook.caminho(), 2, ESPERA);
        JsonNode log = aguardarLog(loja, webhook, 2);
        JsonNode primeira = log.get("entregas").get(1);
        assertThat(primeira.get("statusHttp").asInt()).isEqualTo(301);
        assertThat(primeira.get("erro").asText()).contains("redirecionamento");
        assertThat(log.get("entregas").get(0).get("sucesso").asBoolean()).isTrue();
        assertThat(receptor.recebidos("/destino-do-redirecionamento")).isEmpty();
    }

    @Test
    void webhookRemovidoEncerraAsTentativasPendentes() {
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste webhook = webhook(loja, "cliente.criado");
        receptor.sempreFalhar(webhook.caminho(), 500);
        novoCliente(loja, "Pendente");
        receptor.aguardar(webhook.caminho(), 1, ESPERA);
        assertThat(api.delete("/v1/webhooks/" + webhook.id()).token(loja.token()).enviar().status()).isEqualTo(200);

        JsonNode log = aguardarLog(loja, webhook, 2);
        pausar(3000);
        assertThat(receptor.recebidos(webhook.caminho())).hasSizeLessThanOrEqualTo(2);
        log = entregas(loja, webhook).json();
        JsonNode ultima = log.get("entregas").get(0);
        assertThat(ultima.get("erro").asText()).contains("removido");
        assertThat(ultima.get("proximaTentativaEm").isNull()).isTrue();
        assertThat(log.get("paginacao").get("total").asInt()).isLessThanOrEqualTo(3);
    }

    @Test
    void respostaComBytesDeControleNaoTravaOLog() {
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste webhook = webhook(loja, "cliente.criado");
        receptor.responderCorpo(webhook.caminho(), "ok\u0000\u0007fim".getBytes(StandardCharsets.UTF_8));
        novoCliente(loja, "Nulo");
        novoCliente(loja, "Depois do nulo");

        JsonNode log = aguardarLog(loja, webhook, 2);
        assertThat(log.get("entregas")).extracting(e -> e.get("resposta").asText()).containsOnly("okfim");
    }

    @Test
    void eventoDaLojaANuncaChegaAoWebhookDaLojaB() {
        LojaDeTeste a = novaLoja();
        LojaDeTeste b = novaLoja();
        WebhookDeTeste deA = webhook(a, "cliente.criado");
        WebhookDeTeste deB = webhook(b, "cliente.criado");
        novoCliente(a, "Só de A");

        receptor.aguardar(deA.caminho(), 1, ESPERA);
        pausar(1500);
        assertThat(receptor.recebidos(deB.caminho())).isEmpty();
        Resposta alheio = api.get("/admin/lojas/" + b.id() + "/webhooks/" + deA.id() + "/entregas").token(ADMIN)
                             .enviar();
        assertThat(alheio.status()).isEqualTo(404);
    }

    @Test
    void reenvioComecaNovaSerieComOMesmoPayload() {
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste webhook = webhook(loja, "cliente.criado");
        novoCliente(loja, "Reenvio");
        Recebido primeira = receptor.aguardar(webhook.caminho(), 1, ESPERA).get(0);
        String entregaId = primeira.cabecalho("X-Service-Entrega");
        aguardarLog(loja, webhook, 1);

        Resposta reenvio = api.post("/admin/lojas/" + loja.id() + "/webhooks/" + webhook.id() + "/entregas/"
                + entregaId + "/reenviar").token(ADMIN).enviar();
        assertThat(reenvio.status()).as(reenvio.toString()).isEqualTo(202);
        assertThat(reenvio.json().get("serie").asInt()).isEqualTo(2);

        Recebido segunda = receptor.aguardar(webhook.caminho(), 2, ESPERA).get(1);
        assertThat(segunda.cabecalho("X-Service-Entrega")).isEqualTo(entregaId);
        assertThat(segunda.cabecalho("X-Service-Tentativa")).isEqualTo("1");
        assertThat(segunda.texto()).isEqualTo(primeira.texto());
        Resposta outra = api.post("/admin/lojas/" + loja.id() + "/webhooks/" + webhook.id() + "/entregas/"
                + "00000000-0000-0000-0000-000000000000/reenviar").token(ADMIN).enviar();
        assertThat(outra.status()).isEqualTo(404);
    }

    private JsonNode aguardarLog(LojaDeTeste loja, WebhookDeTeste webhook, int linhas) {
        long fim = System.nanoTime() + ESPERA.toNanos();
        Resposta log;
        do {
            log = entregas(loja, webhook);
            assertThat(log.status()).as(log.toString()).isEqualTo(200);
            if (log.json().get("entregas").size() >= linhas) {
                return log.json();
            }
            pausar(100);
        } while (System.nanoTime() < fim);
        throw new AssertionError("o log não chegou a " + linhas + " linhas: " + log);
    }

    static void pausar(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
