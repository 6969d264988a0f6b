package br.com.lojaapi.webhook;

import br.com.lojaapi.apoio.BancoDeTestes;
import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.OutroNo;
import br.com.lojaapi.apoio.ReceptorDeWebhooks;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.apoio.TesteDeApi.LojaDeTeste;
import br.com.lojaapi.command.segredo.ChavesMestras;
import br.com.lojaapi.gateway.banco.UrlDoBanco;
import br.com.lojaapi.webhook.TesteDeWebhooks.WebhookDeTeste;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The master key of webhook secrets rotated as the runbook says, one node after another on a database of their own
 * (the other tests' nodes only know the tests' key): a node given the new key and the old one for reading delivers
 * with data keys the old one wrapped, re-wraps them all on request, and then the old key can be retired; a node
 * that has only the old key refuses to start; and a key declared lost leaves its webhooks without a secret, their
 * deliveries failing in the log, instead of stopping the service.
 */
class RotacaoDaChaveDeSegredosTest {

    private static final String BANCO = "segredos_rotacao";
    private static final String VELHA = "u1TCSMDrhFqNm/sqK2CRrCT1Wz1lpjQJUDIGSuKnp+s=";
    private static final String NOVA = "a/YSXo71o5hsbRg0et4GuHzW+uqYtJvBJOvzJQmbFO0=";
    private static final String OUTRA = "e2kqgYSzKXhyMjh+3sGvDKH9DNwM025pZvIXeUg7I9E=";
    private static final Duration ESPERA = Duration.ofSeconds(30);

    private final ReceptorDeWebhooks receptor = TesteDeWebhooks.receptor;

    @Test
    void chaveNovaLeAVelhaRecifraTudoAVelhaSeAposentaEUmaPerdidaSeDescarta() throws Exception {
        UrlDoBanco url = BancoDeTestes.url(BANCO);
        esquecerWebhooksDeOutrasExecucoes(url);
        LojaDeTeste loja;
        WebhookDeTeste webhook;
        try (OutroNo no = OutroNo.iniciar(url, Map.of("loja.segredos.chave", VELHA))) {
            ClienteHttp api = no.cliente();
            loja = TesteDeApi.novaLoja(api);
            webhook = TesteDeWebhooks.webhook(api, loja, "cliente.criado");
            entregaAssinada(api, loja, webhook, 1);
            JsonNode situacao = segredos(api);
            assertThat(situacao.get("chaveAtual").asText()).isEqualTo(id(VELHA));
            assertThat(chavesDeWebhookSob(situacao, id(VELHA))).isEqualTo(1);
        }

        try (OutroNo no = OutroNo.iniciar(url, Map.of("loja.segredos.chave", NOVA,
                "loja.segredos.chaves-de-leitura", VELHA))) {
            ClienteHttp api = no.cliente();
            entregaAssinada(api, loja, webhook, 2);
            Resposta recifrado = api.post("/admin/segredos/recifrar").token(TesteDeApi.ADMIN).enviar();
            assertThat(recifrado.status()).as(recifrado.toString()).isEqualTo(200);
            assertThat(recifrado.json().get("chavesReenvolvidas").asInt()).isEqualTo(1);
            JsonNode depois = recifrado.json().get("depois");
            assertThat(depois.get("chaveAtual").asText()).isEqualTo(id(NOVA));
            assertThat(chavesDeWebhookSob(depois, id(VELHA))).as("nada mais sob a chave velha").isZero();
            assertThat(chavesDeWebhookSob(depois, id(NOVA))).isEqualTo(1);
            entregaAssinada(api, loja, webhook, 3);
        }

        assertThatThrownBy(() -> OutroNo.iniciar(url, Map.of("loja.segredos.chave", VELHA)).close())
                .as("um nó só com a chave velha não lê o que está no banco")
                .hasStackTraceContaining(id(NOVA)).hasStackTraceContaining("SECRETS_KEY");

        try (OutroNo no = OutroNo.iniciar(url, Map.of("loja.segredos.chave", NOVA))) {
            entregaAssinada(no.cliente(), loja, webhook, 4);
        }

        try (OutroNo no = OutroNo.iniciar(url, Map.of("loja.segredos.chave", OUTRA,
                "loja.segredos.descartar", id(NOVA)))) {
            ClienteHttp api = no.cliente();
            assertThat(chavesDeWebhookSob(segredos(api), id(NOVA))).isZero();
            TesteDeWebhooks.novoCliente(api, loja, "Com a chave perdida");
            JsonNode falha = aguardarFalha(api, loja, webhook);
            assertThat(falha.get("erro").asText()).contains("perdido");
            assertThat(receptor.recebidos(webhook.caminho())).as("nada enviado sem o secret").hasSize(4);
        } finally {
            esquecerWebhooksDeOutrasExecucoes(url);
        }
    }

    private void entregaAssinada(ClienteHttp api, LojaDeTeste loja, WebhookDeTeste webhook, int numero)
            throws Exception {
        TesteDeWebhooks.novoCliente(api, loja, "Cliente " + numero);
        TesteDeWebhooks.assinaturasConferemTambemPelaBiblioteca(
                receptor.aguardar(webhook.caminho(), numero, ESPERA).get(numero - 1), webhook.secret());
    }

    private static JsonNode segredos(ClienteHttp api) {
        Resposta resposta = api.get("/admin/segredos").token(TesteDeApi.ADMIN).enviar();
        assertThat(resposta.status()).as(resposta.toString()).isEqualTo(200);
        return resposta.json();
    }

    private static long chavesDeWebhookSob(JsonNode situacao, String chaveMestra) {
        for (JsonNode chave : situacao.get("chavesMestras")) {
            if (chave.get("id").asText().equals(chaveMestra)) {
                return chave.get("chavesDeWebhook").asLong();
            }
        }
        return 0;
    }

    /** The first failed attempt in the store's log of the webhook, once there is one. */
    private static JsonNode aguardarFalha(ClienteHttp api, LojaDeTeste loja, WebhookDeTeste webhook)
            throws InterruptedException {
        long fim = System.nanoTime() + ESPERA.toNanos();
        while (System.nanoTime() < fim) {
            Resposta log = api.get("/v1/webhooks/" + webhook.id() + "/entregas?sucesso=false").token(loja.token())
                              .enviar();
            assertThat(log.status()).as(log.toString()).isEqualTo(200);
            if (log.json().get("entregas").size() > 0) {
                return log.json().get("entregas").get(0);
            }
            Thread.sleep(100);
        }
        throw new AssertionError("nenhuma tentativa falhou no log de " + webhook.id());
    }

    private static String id(String chave) {
        return ChavesMestras.id(Base64.getDecoder().decode(chave));
    }

    /**
     * A run that stopped half-way leaves data keys wrapped by keys the next run's first node may not have (and the
     * database outlives the run when DATABASE_URL names it): they and their webhooks go, as if removed.
     */
    private static void esquecerWebhooksDeOutrasExecucoes(UrlDoBanco url) throws SQLException {
        try (Connection conexao = DriverManager.getConnection(url.jdbcUrl(), url.usuario(), url.senha());
             Statement comando = conexao.createStatement()) {
            comando.execute("""
                    DO $$ BEGIN
                      IF to_regclass('chave_de_webhook') IS NOT NULL THEN
                        DELETE FROM chave_de_webhook;
                        UPDATE webhook_destino SET removido_em = now(), segredo = NULL, segredo_cifrado = NULL
                         WHERE removido_em IS NULL;
                      END IF;
                    END $$""");
        }
    }
}
