package br.com.lojaapi.webhook;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.VarreduraDoBanco;
import br.com.lojaapi.apoio.VarreduraDoBanco.Agulhas;
import br.com.lojaapi.command.webhook.ChavesDeWebhook;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Webhook secrets at rest (decision 069): after webhooks are created (with and without Idempotency-Key, retried),
 * delivered to, tested, their read model rebuilt and some removed, no copy of any secret is anywhere in the
 * database, in any form; a removed webhook's data key is gone, so the sealed copy in its creation event can never be
 * opened; and every delivery is still signed with the secret the creation showed, in both schemes.
 */
class SegredosCifradosApiTest extends TesteDeWebhooks {

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    ChavesDeWebhook chaves;

    @Autowired
    PlatformTransactionManager transacoes;

    @Test
    void nenhumaCopiaDeSecretEmClaroEmNenhumaTabelaEARemocaoDestroiAChave() throws Exception {
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste semChave = webhook(loja, "cliente.criado");
        String chave = "criar-" + UUID.randomUUID();
        String caminho = "/r/" + UUID.randomUUID();
        Resposta criado = criarComChave(loja, chave, caminho);
        Resposta repetido = criarComChave(loja, chave, caminho);
        WebhookDeTeste comChave = new WebhookDeTeste(criado.texto("id"), criado.texto("secret"), caminho);
        assertThat(repetido.status()).as(repetido.toString()).isEqualTo(201);
        assertThat(repetido.cabecalho("Idempotent-Replayed")).isEqualTo("true");
        assertThat(repetido.corpo()).isEqualTo(criado.corpo());
        String chaveDoRemovido = "criar-" + UUID.randomUUID();
        String caminhoDoRemovido = "/r/" + UUID.randomUUID();
        Resposta criadoERemovido = criarComChave(loja, chaveDoRemovido, caminhoDoRemovido);
        assertThat(criarComChave(loja, chaveDoRemovido, caminhoDoRemovido).corpo()).isEqualTo(criadoERemovido.corpo());
        WebhookDeTeste removido = new WebhookDeTeste(criadoERemovido.texto("id"), criadoERemovido.texto("secret"),
                caminhoDoRemovido);
        List<WebhookDeTeste> todos = List.of(semChave, comChave, removido);

        novoCliente(loja, "Antes da remoção");
        for (WebhookDeTeste webhook : todos) {
            assinaturasConferemTambemPelaBiblioteca(receptor.aguardar(webhook.caminho(), 1, ESPERA).get(0),
                    webhook.secret());
        }
        Resposta teste = api.post("/v1/webhooks/" + semChave.id() + "/teste").token(loja.token()).enviar();
        assertThat(teste.status()).as(teste.toString()).isEqualTo(200);
        assertThat(teste.json().get("sucesso").asBoolean()).as(teste.toString()).isTrue();
        assinaturasConferemTambemPelaBiblioteca(receptor.aguardar(semChave.caminho(), 2, ESPERA).get(1),
                semChave.secret());
        reconstruirProjecao("webhook-view");

        Resposta remocao = api.delete("/v1/webhooks/" + removido.id()).token(loja.token()).enviar();
        assertThat(remocao.status()).as(remocao.toString()).isEqualTo(200);

        // the removed webhook's data key went with it: the sealed secret its creation event carries cannot be opened
        String seladoDoRemovido = seladoNoEvento(removido.id());
        assertThat(seladoDoRemovido).isNotBlank();
        assertThat(jdbc.queryForObject("SELECT count(*) FROM chave_de_webhook WHERE webhook_id = ?", Long.class,
                removido.id())).isZero();
        assertThat(chaves.abrir(removido.id(), seladoDoRemovido)).isEmpty();
        assertThat(chaves.abrir(comChave.id(), seladoNoEvento(comChave.id()))).contains(comChave.secret());
        // and so did the stored answer of its creation; the living one's still answers, secret included
        Resposta depoisDaRemocao = criarComChave(loja, chaveDoRemovido, caminhoDoRemovido);
        assertThat(depoisDaRemocao.status()).as(depoisDaRemocao.toString()).isEqualTo(409);
        assertThat(depoisDaRemocao.texto("erro")).contains("removido");
        assertThat(depoisDaRemocao.corpo()).doesNotContain("whsec_");
        assertThat(criarComChave(loja, chave, caminho).corpo()).isEqualTo(criado.corpo());

        novoCliente(loja, "Depois da remoção");
        assinaturasConferemTambemPelaBiblioteca(receptor.aguardar(comChave.caminho(), 2, ESPERA).get(1),
                comChave.secret());
        assinaturasConferemTambemPelaBiblioteca(receptor.aguardar(semChave.caminho(), 3, ESPERA).get(2),
                semChave.secret());

        assertThat(VarreduraDoBanco.ondeAparece(jdbc, Agulhas.deTexto(removido.caminho())))
                .as("a varredura acha o que está no banco, em texto e dentro de bytea")
                .anyMatch(c -> c.contains("\"webhook_destino\".url"))
                .anyMatch(c -> c.contains("\"domain_event_entry\".payload"));
        for (WebhookDeTeste webhook : todos) {
            assertThat(VarreduraDoBanco.ondeAparece(jdbc, Agulhas.deSegredo(webhook.secret())))
                    .as("cópias do secret de %s", webhook.id()).isEmpty();
        }
        assertThat(receptor.recebidos(removido.caminho())).as("o removido não recebe mais nada").hasSize(1);
    }

    /**
     * What a version before decision 069 left in clear (a webhook's secret in webhook_destino and in its creation
     * event, the stored answer of its creation) is encrypted by the sweep, the removed webhooks' erased; deliveries
     * and the stored answer keep working with the same secret.
     */
    @Test
    void dadosDaVersaoAnteriorSaoCifradosOuApagados() throws Exception {
        LojaDeTeste loja = novaLoja();
        String chave = "criar-" + UUID.randomUUID();
        String caminho = "/r/" + UUID.randomUUID();
        Resposta criado = criarComChave(loja, chave, caminho);
        WebhookDeTeste ativo = new WebhookDeTeste(criado.texto("id"), criado.texto("secret"), caminho);
        String chaveDoRemovido = "criar-" + UUID.randomUUID();
        String caminhoDoRemovido = "/r/" + UUID.randomUUID();
        Resposta criadoERemovido = criarComChave(loja, chaveDoRemovido, caminhoDoRemovido);
        WebhookDeTeste removido = new WebhookDeTeste(criadoERemovido.texto("id"), criadoERemovido.texto("secret"),
                caminhoDoRemovido);
        assertThat(api.delete("/v1/webhooks/" + removido.id()).token(loja.token()).enviar().status()).isEqualTo(200);
        // created by this version, removed by a node of the previous one, which knows nothing of data keys
        WebhookDeTeste removidoPelaAnterior = webhook(loja, "cliente.criado");

        new TransactionTemplate(transacoes).executeWithoutResult(status -> {
            jdbc.update("UPDATE webhook_destino SET removido_em = now() WHERE webhook_id = ?",
                    removidoPelaAnterior.id());
            comoNaVersaoAnterior(loja, ativo, chave, criado, true);
            comoNaVersaoAnterior(loja, removido, chaveDoRemovido, criadoERemovido, false);
            // seen from inside the transaction, so that no sweep can have run in between
            assertThat(VarreduraDoBanco.ondeAparece(jdbc, Agulhas.deSegredo(ativo.secret())))
                    .as("o secret em claro, como a versão anterior o deixava")
                    .anyMatch(c -> c.contains("\"webhook_destino\".segredo"))
                    .anyMatch(c -> c.contains("\"domain_event_entry\".payload"))
                    .anyMatch(c -> c.contains("\"idempotencia\".corpo"));
        });

        Resposta recifrado = api.post("/admin/segredos/recifrar").token(ADMIN).enviar();
        assertThat(recifrado.status()).as(recifrado.toString()).isEqualTo(200);
        Resposta situacao = api.get("/admin/segredos").token(ADMIN).enviar();
        assertThat(situacao.json().get("webhooksEmClaro").asLong()).as(situacao.toString()).isZero();
        assertThat(situacao.json().get("respostasEmClaro").asLong()).as(situacao.toString()).isZero();

        for (WebhookDeTeste webhook : List.of(ativo, removido)) {
            assertThat(VarreduraDoBanco.ondeAparece(jdbc, Agulhas.deSegredo(webhook.secret())))
                    .as("cópias do secret de %s", webhook.id()).isEmpty();
        }
        assertThat(chaves.abrir(ativo.id(), seladoNoEvento(ativo.id()))).contains(ativo.secret());
        assertThat(seladoNoEvento(removido.id())).as("o removido fica sem secret algum").isNull();
        assertThat(jdbc.queryForObject("SELECT count(*) FROM chave_de_webhook WHERE webhook_id = ?", Long.class,
                removidoPelaAnterior.id())).as("chave deixada pela versão anterior ao remover").isZero();
        Resposta repetido = criarComChave(loja, chave, caminho);
        assertThat(repetido.status()).isEqualTo(201);
        assertThat(repetido.corpo()).isEqualTo(criado.corpo());
        assertThat(criarComChave(loja, chaveDoRemovido, caminhoDoRemovido).status()).isEqualTo(409);

        novoCliente(loja, "Depois da atualização");
        assinaturasConferemTambemPelaBiblioteca(receptor.aguardar(ativo.caminho(), 1, ESPERA).get(0),
                ativo.secret());
    }

    /** The rows of a webhook and of its creation's stored answer, as the version before decision 069 wrote them. */
    private void comoNaVersaoAnterior(LojaDeTeste loja, WebhookDeTeste webhook, String chave, Resposta criado,
                                      boolean ativo) {
        jdbc.update("UPDATE webhook_destino SET segredo = ?, segredo_cifrado = NULL WHERE webhook_id = ?",
                webhook.secret(), webhook.id());
        jdbc.update("DELETE FROM chave_de_webhook WHERE webhook_id = ?", webhook.id());
        JsonNode novo = eventoDeCriacao(webhook.id());
        ObjectNode antigo = JSON.createObjectNode();
        for (String campo : List.of("webhookId", "lojaId", "nome", "url", "eventos")) {
            antigo.set(campo, novo.get(campo));
        }
        antigo.put("segredo", webhook.secret());
        antigo.set("criadoEm", novo.get("criadoEm"));
        jdbc.update("UPDATE domain_event_entry SET payload = ? WHERE aggregate_identifier = ? AND sequence_number = 0",
                antigo.toString().getBytes(StandardCharsets.UTF_8), webhook.id());
        assertThat(jdbc.update("""
                UPDATE idempotencia SET corpo = ?, selada_por = NULL, corpo_selado = NULL, formato = 1
                 WHERE loja_id = ? AND chave = ?""", criado.corpo().getBytes(StandardCharsets.UTF_8), loja.id(), chave))
                .as("resposta guardada de " + (ativo ? "ativo" : "removido")).isEqualTo(1);
    }

    private Resposta criarComChave(LojaDeTeste loja, String chave, String caminho) {
        Resposta resposta = api.post("/v1/webhooks").token(loja.token()).cabecalho("Idempotency-Key", chave)
                               .json("{\"nome\":\"Receptor\",\"url\":\"" + receptor.url(caminho)
                                     + "\",\"eventos\":[\"cliente.criado\"]}").enviar();
        if (resposta.status() == 201) {
            assertThat(resposta.texto("secret")).matches("whsec_[0-9a-f]{48}");
        }
        return resposta;
    }

    private JsonNode eventoDeCriacao(String webhookId) {
        byte[] payload = jdbc.queryForObject("SELECT payload FROM domain_event_entry WHERE aggregate_identifier = ? "
                                             + "AND sequence_number = 0", byte[].class, webhookId);
        try {
            return JSON.readTree(payload);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The secret as the creation event carries it; null when it carries none. */
    private String seladoNoEvento(String webhookId) {
        JsonNode evento = eventoDeCriacao(webhookId);
        assertThat(evento.has("segredo")).as("segredo em claro no evento").isFalse();
        JsonNode selado = evento.get("segredoCifrado");
        return selado == null || selado.isNull() ? null : selado.asText();
    }
}
