package br.com.lojaapi.navegador;

import br.com.lojaapi.apoio.Documentos;
import br.com.lojaapi.apoio.Navegador;
import br.com.lojaapi.apoio.ReceptorDeWebhooks;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * A store's delivery portal (decision 077) as its integrator uses it, in a real browser: a link opens the store's
 * endpoints with a failed delivery standing out; the receiver is fixed, the delivery is redelivered from the page
 * and shows as delivered; another store's ids are refused to the page's credential; an expired link says so.
 * Screenshots of each state: {@code target/telas/portal-*.png}.
 */
class PortalNoNavegadorTest extends TesteDeApi {

    private static final ReceptorDeWebhooks receptor = ReceptorDeWebhooks.compartilhado();
    private static final Duration ESPERA = Duration.ofSeconds(40);

    @Autowired
    JdbcTemplate jdbc;

    @Test
    @SuppressWarnings("unchecked")
    void veUmaFalhaReenviaEVeSucessoEUmLinkExpiradoERecusado() {
        LojaDeTeste loja = lojaChamada("Padaria Pão Quente");
        LojaDeTeste outra = lojaChamada("Outra Loja");
        String caminho = "/r/portal-" + UUID.randomUUID();
        AtomicBoolean aceitar = new AtomicBoolean(false);
        receptor.responderCom(caminho, recebido -> aceitar.get() ? 200 : 500);
        String erp = webhook(loja, "ERP da padaria", receptor.url(caminho));
        webhook(loja, "Planilha de clientes", receptor.url("/r/portal-ok-" + UUID.randomUUID()));
        String daOutra = webhook(outra, "Da outra loja", receptor.url("/r/portal-outra-" + UUID.randomUUID()));

        Resposta cliente = api.post("/v1/clientes").token(loja.token())
                              .json("{\"nome\":\"Maria Souza\",\"documento\":\"" + Documentos.cpf() + "\"}").enviar();
        assertThat(cliente.status()).as(cliente.toString()).isEqualTo(201);
        // Every attempt of the series fails (1 + 4 retries, a second apart in the tests): the delivery failed.
        esperar("a entrega falhar de vez", () -> {
            JsonNode entregas = api.get("/v1/webhooks/" + erp + "/entregas").token(loja.token()).enviar().json()
                                   .get("entregas");
            return entregas.size() == 5 && entregas.get(0).get("proximaTentativaEm").isNull();
        });

        String url = link(loja);
        try (Navegador navegador = Navegador.abrir()) {
            navegador.ir(url);
            navegador.esperar(ExpectedConditions.presenceOfElementLocated(By.cssSelector("tr.entrega.falhou")));
            assertThat(navegador.elemento(By.id("loja")).getText()).isEqualTo("Padaria Pão Quente");
            assertThat(navegador.driver().getCurrentUrl()).as("o segredo sai da barra de endereço")
                                                          .doesNotContain("#");
            assertThat(navegador.texto()).contains("ERP da padaria", "Planilha de clientes", "Falhou", "cliente.criado",
                    "5 falhas seguidas").doesNotContain("Da outra loja");
            navegador.foto("portal-falha");

            navegador.elemento(By.cssSelector("tr.entrega.falhou")).click();
            navegador.esperar(ExpectedConditions.presenceOfElementLocated(By.cssSelector("tr.tentativas")));
            String tentativas = navegador.elemento(By.cssSelector("tr.tentativas")).getText();
            assertThat(tentativas).contains("Série 1, tentativa 5", "Série 1, tentativa 1", "HTTP 500",
                    "Corpo enviado", "\"evento\": \"cliente.criado\"", "Maria Souza", "Resposta do receptor");
            navegador.foto("portal-tentativas");

            aceitar.set(true);
            navegador.elemento(By.cssSelector("tr.entrega.falhou button.reenviar")).click();
            navegador.esperar(ExpectedConditions.textToBePresentInElementLocated(By.id("aviso"), "Reenvio agendado"));
            navegador.esperar(ESPERA, ExpectedConditions.textToBePresentInElementLocated(
                    By.cssSelector("tr.entrega"), "Entregue"));
            assertThat(navegador.elementos(By.cssSelector("tr.entrega.falhou"))).isEmpty();
            assertThat(navegador.texto()).contains("série 2", "Saudável");
            assertThat(receptor.recebidos(caminho)).hasSize(6);
            navegador.foto("portal-reenviada");
            assertThat(navegador.errosDoConsole()).isEmpty();

            // The page's own credential, on another store's ids: as if they did not exist.
            List<Object> status = (List<Object>) navegador.script("""
                    const auth = {headers: {Authorization: 'Bearer ' + sessionStorage.getItem('portal-webhooks')}};
                    return Promise.all([
                        fetch('/v1/webhooks/' + arguments[0], auth).then(r => r.status),
                        fetch('/v1/webhooks/' + arguments[0] + '/entregas', auth).then(r => r.status),
                        fetch('/v1/webhooks/' + arguments[0] + '/teste', {method: 'POST', ...auth}).then(r => r.status),
                        fetch('/v1/produtos', auth).then(r => r.status)]);""", daOutra);
            assertThat(status).containsExactly((Object) 404L, 404L, 404L, 401L);
            assertThat(navegador.errosDoConsole()).as("só as recusas pedidas acima").hasSize(4)
                                                  .allMatch(erro -> erro.contains("404") || erro.contains("401"));

            jdbc.update("UPDATE portal_de_webhooks SET expira_em = now() - interval '1 second' "
                    + "WHERE hash = sha256(convert_to(?, 'UTF8'))", url.substring(url.indexOf('#') + 1));
            navegador.elemento(By.id("atualizar")).click();
            navegador.esperar(ExpectedConditions.visibilityOfElementLocated(By.id("recusa")));
            assertThat(navegador.texto()).contains("Este link não vale mais", "O link expirou ou o token da loja que o criou foi revogado")
                                         .doesNotContain("ERP da padaria", "Maria Souza");
            navegador.foto("portal-expirado");

            // Opened again from the start, the expired link is refused the same way.
            navegador.ir("about:blank").ir(url);
            navegador.esperar(ExpectedConditions.visibilityOfElementLocated(By.id("recusa")));
            assertThat(navegador.elemento(By.id("loja")).getText()).isEqualTo("Link inválido");
            assertThat(navegador.texto()).doesNotContain("Padaria Pão Quente");
            assertThat(navegador.errosDoConsole()).as("só as respostas 401 do link expirado")
                                                  .allMatch(erro -> erro.contains("401"));
            Object externos = navegador.script("return performance.getEntriesByType('resource')"
                    + ".map(r => r.name).filter(n => !n.startsWith(location.origin))");
            assertThat((List<?>) externos).as("recursos de fora do serviço").isEmpty();
        }
    }

    private LojaDeTeste lojaChamada(String nome) {
        String slug = "loja-" + UUID.randomUUID().toString().substring(0, 13);
        Resposta loja = api.post("/admin/lojas").token(ADMIN)
                           .json("{\"nome\":\"" + nome + "\",\"slug\":\"" + slug + "\"}").enviar();
        assertThat(loja.status()).as(loja.toString()).isEqualTo(201);
        return new LojaDeTeste(loja.texto("id"), novoToken(api, loja.texto("id"), "integrador"));
    }

    private String webhook(LojaDeTeste loja, String nome, String url) {
        Resposta criado = api.post("/v1/webhooks").token(loja.token()).json("{\"nome\":\"" + nome + "\",\"url\":\""
                + url + "\",\"eventos\":[\"cliente.criado\"]}").enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return criado.texto("id");
    }

    /** The link the API made, on this test's port (the public address in the tests is the default one). */
    private String link(LojaDeTeste loja) {
        Resposta criado = api.post("/v1/webhooks/portal").token(loja.token()).enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        String url = criado.texto("url");
        return "http://127.0.0.1:" + porta + url.substring(url.indexOf("/portal/webhooks#"));
    }

    /** Polls the API (every 100 ms, up to 40 s) until the condition holds. */
    private static void esperar(String oQue, BooleanSupplier condicao) {
        long fim = System.nanoTime() + ESPERA.toNanos();
        while (System.nanoTime() < fim) {
            if (condicao.getAsBoolean()) {
                return;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                fail("interrompido esperando " + oQue);
            }
        }
        fail("esperou " + ESPERA.toSeconds() + " s por " + oQue);
    }
}
