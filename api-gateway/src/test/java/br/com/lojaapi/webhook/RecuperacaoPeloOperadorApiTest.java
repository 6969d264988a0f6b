package br.com.lojaapi.webhook;

import br.com.lojaapi.apoio.Resposta;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * POST /admin/lojas/{lojaId}/webhooks/{webhookId}/recuperar: the store's recovery of failed deliveries, started by the
 * operator (the console's "Recuperar falhas"), with the store's rules: the operator token only, the webhook must be
 * that store's, desde is required.
 */
class RecuperacaoPeloOperadorApiTest extends TesteDeWebhooks {

    @Test
    void operadorRecuperaAsEntregasQueFalharamDoWebhookDaLoja() {
        LojaDeTeste loja = novaLoja();
        LojaDeTeste outra = novaLoja();
        WebhookDeTeste webhook = webhook(loja, "cliente.criado");
        receptor.sempreFalhar(webhook.caminho(), 503);
        Instant desde = Instant.now().minusSeconds(5);
        novoCliente(loja, "Perdido");
        aguardar(loja, webhook, log -> finais(log) == 1);
        String caminho = "/admin/lojas/" + loja.id() + "/webhooks/" + webhook.id() + "/recuperar";
        String corpo = "{\"desde\":\"" + desde + "\"}";

        Resposta semToken = api.post(caminho).json(corpo).enviar();
        assertThat(semToken.status()).isEqualTo(401);
        Resposta daLoja = api.post(caminho).token(loja.token()).json(corpo).enviar();
        assertThat(daLoja.status()).as("o token da loja não é o do operador").isEqualTo(401);
        Resposta deOutraLoja = api.post("/admin/lojas/" + outra.id() + "/webhooks/" + webhook.id() + "/recuperar")
                                  .token(ADMIN).json(corpo).enviar();
        assertThat(deOutraLoja.status()).as(deOutraLoja.toString()).isEqualTo(404);
        Resposta semDesde = api.post(caminho).token(ADMIN).json("{}").enviar();
        assertThat(semDesde.status()).isEqualTo(400);
        assertThat(semDesde.texto("erro")).contains("desde");

        Resposta recuperada = api.post(caminho).token(ADMIN).json(corpo).enviar();
        assertThat(recuperada.status()).as(recuperada.toString()).isEqualTo(202);
        assertThat(recuperada.json().get("entregas").asInt()).isEqualTo(1);
        assertThat(recuperada.json().get("todas").asBoolean()).isTrue();
        // the delivery's new series has begun, as after the store's own recovery
        aguardar(loja, webhook, log -> {
            for (JsonNode t : log.get("entregas")) {
                if (t.get("serie").asInt() == 2) {
                    return true;
                }
            }
            return false;
        });
    }

    /** Attempts that ended their series in failure. */
    private static int finais(JsonNode log) {
        int n = 0;
        for (JsonNode t : log.get("entregas")) {
            if (!t.get("sucesso").asBoolean() && t.get("proximaTentativaEm").isNull()) {
                n++;
            }
        }
        return n;
    }

    private void aguardar(LojaDeTeste loja, WebhookDeTeste webhook, Predicate<JsonNode> condicao) {
        long fim = System.nanoTime() + ESPERA.toNanos();
        Resposta log;
        do {
            log = entregas(loja, webhook);
            assertThat(log.status()).as(log.toString()).isEqualTo(200);
            if (condicao.test(log.json())) {
                return;
            }
            EntregaDeWebhooksApiTest.pausar(100);
        } while (System.nanoTime() < fim);
        throw new AssertionError("o log não chegou à condição esperada: " + log);
    }
}
