package br.com.lojaapi.webhook;

import br.com.lojaapi.apoio.LogCapturado;
import br.com.lojaapi.apoio.Resposta;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A store's delivery portal link (decision 077) through the HTTP API: what it reaches (the store's own webhook
 * routes, exactly those), until when (its expiry), and for how long its token lives (revocation).
 */
class PortalDeEntregasApiTest extends TesteDeWebhooks {

    @Autowired
    JdbcTemplate jdbc;

    /** Everything the service logs during each test. */
    @RegisterExtension
    final LogCapturado log = LogCapturado.de(Logger.ROOT_LOGGER_NAME);

    record Link(String url, String segredo, Instant expiraEm) {
    }

    Link link(String token) {
        Resposta criado = api.post("/v1/webhooks/portal").token(token).enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        String url = criado.texto("url");
        assertThat(url).contains("/portal/webhooks#");
        return new Link(url, url.substring(url.indexOf('#') + 1), Instant.parse(criado.texto("expiraEm")));
    }

    /** No line the service logged holds the link's secret (nor, so, the link). */
    void semOSegredoNosLogs(String segredo) {
        synchronized (log.trava()) {
            for (ILoggingEvent evento : log.eventos()) {
                String linha = evento.getFormattedMessage() + (evento.getThrowableProxy() == null ? ""
                        : ThrowableProxyUtil.asString(evento.getThrowableProxy()));
                assertThat(linha).as("linha de log").doesNotContain(segredo);
            }
        }
    }

    /** A test delivery to the webhook, which stays in its log: its id. */
    String entregaDeTeste(LojaDeTeste loja, WebhookDeTeste webhook) {
        Resposta teste = api.post("/v1/webhooks/" + webhook.id() + "/teste").token(loja.token()).enviar();
        assertThat(teste.status()).as(teste.toString()).isEqualTo(200);
        return teste.texto("id");
    }

    @Test
    void oLinkAbreAsRotasDeWebhooksDaPropriaLojaCobradasNoToken() {
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste webhook = webhook(loja, "cliente.criado");
        String entrega = entregaDeTeste(loja, webhook);
        Instant antes = Instant.now();
        Link link = link(loja.token());

        assertThat(link.segredo()).startsWith("pw_portal_");
        assertThat(Duration.between(antes, link.expiraEm())).as("validade padrão")
                .isBetween(Duration.ofMinutes(14), Duration.ofMinutes(15).plusSeconds(5));
        Resposta sessao = api.get("/v1/webhooks/portal").token(link.segredo()).enviar();
        assertThat(sessao.status()).as(sessao.toString()).isEqualTo(200);
        assertThat(sessao.texto("nomeDaLoja")).isEqualTo("Loja de teste");
        assertThat(Instant.parse(sessao.texto("expiraEm"))).isEqualTo(link.expiraEm());

        Resposta lista = api.get("/v1/webhooks").token(link.segredo()).enviar();
        assertThat(lista.status()).as(lista.toString()).isEqualTo(200);
        assertThat(lista.json()).hasSize(1);
        assertThat(lista.json().get(0).get("id").asText()).isEqualTo(webhook.id());
        Resposta um = api.get("/v1/webhooks/" + webhook.id()).token(link.segredo()).enviar();
        assertThat(um.status()).as(um.toString()).isEqualTo(200);
        assertThat(um.json().get("saude").get("circuito").asText()).isEqualTo("FECHADO");
        Resposta log = api.get("/v1/webhooks/" + webhook.id() + "/entregas").token(link.segredo()).enviar();
        assertThat(log.status()).as(log.toString()).isEqualTo(200);
        assertThat(log.json().get("entregas").get(0).get("id").asText()).isEqualTo(entrega);
        assertThat(log.cabecalho("X-RateLimit-Limit")).as("cobrada na cota do token").isNotNull();
        Resposta teste = api.post("/v1/webhooks/" + webhook.id() + "/teste").token(link.segredo()).enviar();
        assertThat(teste.status()).as(teste.toString()).isEqualTo(200);
        assertThat(teste.json().get("sucesso").asBoolean()).isTrue();
        // The API's own rules: a test delivery is never redelivered, through the portal as through the token.
        Resposta reenvio = api.post("/v1/webhooks/" + webhook.id() + "/entregas/" + entrega + "/reenviar")
                              .token(link.segredo()).enviar();
        assertThat(reenvio.status()).as(reenvio.toString()).isEqualTo(409);
        Resposta recuperacao = api.post("/v1/webhooks/" + webhook.id() + "/recuperar").token(link.segredo())
                                  .json("{\"desde\":\"" + Instant.now().minusSeconds(3600) + "\"}").enviar();
        assertThat(recuperacao.status()).as(recuperacao.toString()).isEqualTo(202);
        assertThat(recuperacao.json().get("entregas").asInt()).isZero();

        // Every portal request above was counted on the token that made the link (its quota's row).
        Long requisicoes = jdbc.queryForObject("""
                SELECT requisicoes FROM api_token WHERE loja_id = ? AND nome = 'erp'""", Long.class, loja.id());
        assertThat(requisicoes).isGreaterThanOrEqualTo(9);
        // Kept only as a hash, as tokens are.
        Integer guardados = jdbc.queryForObject("""
                SELECT COUNT(*) FROM portal_de_webhooks WHERE hash = sha256(convert_to(?, 'UTF8'))""",
                Integer.class, link.segredo());
        assertThat(guardados).isEqualTo(1);
        semOSegredoNosLogs(link.segredo());
    }

    @Test
    void oLinkNaoChegaAOutraLojaNemAOutrasRotas() {
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste webhook = webhook(loja, "cliente.criado");
        LojaDeTeste outra = novaLoja();
        WebhookDeTeste daOutra = webhook(outra, "cliente.criado");
        String entregaDaOutra = entregaDeTeste(outra, daOutra);
        String segredo = link(loja.token()).segredo();

        // Another store's webhook and delivery ids: as if they did not exist.
        String outroWebhook = "/v1/webhooks/" + daOutra.id();
        assertThat(api.get(outroWebhook).token(segredo).enviar().status()).isEqualTo(404);
        assertThat(api.get(outroWebhook + "/entregas").token(segredo).enviar().status()).isEqualTo(404);
        assertThat(api.post(outroWebhook + "/entregas/" + entregaDaOutra + "/reenviar").token(segredo).enviar()
                      .status()).isEqualTo(404);
        assertThat(api.post(outroWebhook + "/teste").token(segredo).enviar().status()).isEqualTo(404);
        assertThat(api.post(outroWebhook + "/recuperar").token(segredo)
                      .json("{\"desde\":\"" + Instant.now().minusSeconds(60) + "\"}").enviar().status())
                .isEqualTo(404);
        assertThat(api.post("/v1/webhooks/" + webhook.id() + "/entregas/" + entregaDaOutra + "/reenviar")
                      .token(segredo).enviar().status()).as("entrega da outra loja num webhook desta").isEqualTo(404);
        assertThat(api.get("/v1/webhooks").token(segredo).enviar().json()).hasSize(1);
        assertThat(receptor.recebidos(daOutra.caminho())).as("só a entrega de teste da outra loja").hasSize(1);

        // Outside the allowlist the link is no credential: 401 with {erro}, and nothing done.
        for (Resposta recusada : new Resposta[]{
                api.get("/v1/produtos").token(segredo).enviar(),
                api.get("/v1/pedidos").token(segredo).enviar(),
                api.post("/v1/clientes").token(segredo).json("{\"nome\":\"X\"}").enviar(),
                api.post("/v1/webhooks").token(segredo).json("{\"nome\":\"Outro\",\"url\":\""
                        + receptor.url("/r/portal-nao-cria") + "\",\"eventos\":[\"cliente.criado\"]}").enviar(),
                api.delete("/v1/webhooks/" + webhook.id()).token(segredo).enviar(),
                api.delete(outroWebhook).token(segredo).enviar(),
                api.post("/v1/webhooks/portal").token(segredo).enviar(),
                api.metodo("HEAD", "/v1/webhooks").token(segredo).enviar()}) {
            assertThat(recusada.status()).as(recusada.toString()).isEqualTo(401);
            assertThat(recusada.cabecalho("WWW-Authenticate")).isEqualTo("Bearer");
        }
        Resposta outroLink = api.post("/v1/webhooks/portal").token(segredo).enviar();
        assertThat(outroLink.texto("erro")).contains("link do portal");
        assertThat(api.get("/admin/lojas/" + loja.id()).token(segredo).enviar().status()).isEqualTo(401);
        JsonNode webhooks = api.get("/v1/webhooks").token(loja.token()).enviar().json();
        assertThat(webhooks).hasSize(1);
        assertThat(webhooks.get(0).get("ativo").asBoolean()).as("não removido pelo link").isTrue();
        assertThat(api.get(outroWebhook).token(outra.token()).enviar().status()).isEqualTo(200);

        // A store token has no portal session.
        assertThat(api.get("/v1/webhooks/portal").token(loja.token()).enviar().status()).isEqualTo(404);
    }

    @Test
    void oLinkExpiradoERecusado() {
        LojaDeTeste loja = novaLoja();
        webhook(loja, "cliente.criado");
        String vencido = link(loja.token()).segredo();
        String valido = link(loja.token()).segredo();
        assertThat(api.get("/v1/webhooks").token(vencido).enviar().status()).isEqualTo(200);

        jdbc.update("UPDATE portal_de_webhooks SET expira_em = now() - interval '1 second' "
                + "WHERE hash = sha256(convert_to(?, 'UTF8'))", vencido);

        Resposta recusada = api.get("/v1/webhooks").token(vencido).enviar();
        assertThat(recusada.status()).as(recusada.toString()).isEqualTo(401);
        assertThat(recusada.texto("erro")).contains("expirado");
        assertThat(recusada.cabecalho("WWW-Authenticate")).isEqualTo("Bearer");
        assertThat(api.get("/v1/webhooks/portal").token(vencido).enviar().status()).isEqualTo(401);
        assertThat(api.get("/v1/webhooks").token(valido).enviar().status()).as("o outro link segue").isEqualTo(200);
        semOSegredoNosLogs(vencido);
    }

    @Test
    void revogarOTokenQueCriouOLinkORecusaNaHora() {
        LojaDeTeste loja = novaLoja();
        webhook(loja, "cliente.criado");
        Resposta criado = api.post("/admin/lojas/" + loja.id() + "/tokens").token(ADMIN)
                             .json("{\"nome\":\"integrador\"}").enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        String doIntegrador = link(criado.texto("token")).segredo();
        String doErp = link(loja.token()).segredo();
        assertThat(api.get("/v1/webhooks").token(doIntegrador).enviar().status()).isEqualTo(200);

        Resposta revogado = api.delete("/admin/lojas/" + loja.id() + "/tokens/" + criado.texto("id")).token(ADMIN)
                               .enviar();
        assertThat(revogado.status()).as(revogado.toString()).isEqualTo(200);

        Resposta recusada = api.get("/v1/webhooks").token(doIntegrador).enviar();
        assertThat(recusada.status()).as(recusada.toString()).isEqualTo(401);
        assertThat(recusada.texto("erro")).contains("revogado");
        assertThat(api.get("/v1/webhooks").token(doErp).enviar().status()).as("link de outro token").isEqualTo(200);
    }

    @Test
    void umaIdempotencyKeyNaoGuardaOSegredo() {
        LojaDeTeste loja = novaLoja();
        Resposta primeira = api.post("/v1/webhooks/portal").token(loja.token())
                               .cabecalho("Idempotency-Key", "portal-1").enviar();
        Resposta segunda = api.post("/v1/webhooks/portal").token(loja.token())
                              .cabecalho("Idempotency-Key", "portal-1").enviar();
        assertThat(primeira.status()).isEqualTo(201);
        assertThat(segunda.status()).isEqualTo(201);
        assertThat(segunda.cabecalho("Idempotent-Replayed")).isNull();
        assertThat(segunda.texto("url")).isNotEqualTo(primeira.texto("url"));
    }

    @Test
    void aPaginaEServidaComPoliticaEstrita() {
        Resposta pagina = api.get("/portal/webhooks").enviar();
        assertThat(pagina.status()).isEqualTo(200);
        assertThat(pagina.cabecalho("Content-Type")).startsWith("text/html");
        assertThat(pagina.cabecalho("Content-Security-Policy")).contains("default-src 'none'", "script-src 'self'",
                "connect-src 'self'", "frame-ancestors 'none'").doesNotContain("unsafe", "http");
        assertThat(pagina.cabecalho("Referrer-Policy")).isEqualTo("no-referrer");
        assertThat(pagina.corpo()).contains("/portal/webhooks/portal.js").doesNotContain("http://", "https://");
        Resposta script = api.get("/portal/webhooks/portal.js").enviar();
        assertThat(script.status()).isEqualTo(200);
        assertThat(script.cabecalho("Content-Type")).startsWith("text/javascript");
        assertThat(script.corpo()).doesNotContain("innerHTML", "http://", "https://");
        assertThat(api.get("/portal/webhooks/portal.css").enviar().status()).isEqualTo(200);
        Resposta nada = api.get("/portal/webhooks/nada.js").enviar();
        assertThat(nada.status()).isEqualTo(404);
        assertThat(nada.texto("erro")).isNotBlank();
    }
}
