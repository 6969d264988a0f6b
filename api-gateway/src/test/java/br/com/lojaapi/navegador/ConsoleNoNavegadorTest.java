package br.com.lojaapi.navegador;

import br.com.lojaapi.apoio.BancoDeTestes;
import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.Navegador;
import br.com.lojaapi.apoio.OutroNo;
import br.com.lojaapi.apoio.ReceptorDeWebhooks;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.SegmentosDosNos;
import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.apoio.TesteDeApi.LojaDeTeste;
import br.com.lojaapi.gateway.banco.UrlDoBanco;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The operators' console (decision 076) in a real browser, on two nodes: a wrong token is refused on the page; with
 * the operator token the page shows which node holds which segment, rebuilds a projection while orders are written
 * and shows its bar reach 100 %, creates a store and a token, shows the store's failing webhook with its deliveries
 * under the store's own name, revokes the token (which the API then refuses) and draws the last hour from both nodes'
 * samples. Nothing is loaded from outside the service, no script error is logged, and the token never reaches a URL.
 * Screenshots of each state go to target/telas/console-*.png.
 * <p>
 * The two nodes run on a database of their own: a node of another test on the shared one would take a share of the
 * segments, and with two segments per processor the second node might hold none.
 */
class ConsoleNoNavegadorTest {

    private static final String ADMIN = TesteDeApi.ADMIN;
    private static final Duration ESPERA_LONGA = Duration.ofSeconds(120);

    private static OutroNo a;
    private static OutroNo b;
    private static ClienteHttp api;

    @BeforeAll
    static void iniciar() {
        UrlDoBanco banco = BancoDeTestes.url("console_no_navegador");
        a = OutroNo.iniciar(banco, OutroNo.semLimites("a"));
        b = OutroNo.iniciar(banco, OutroNo.semLimites("b"));
        api = a.cliente();
    }

    @AfterAll
    static void parar() {
        for (OutroNo no : new OutroNo[] {b, a}) {
            if (no != null) {
                no.close();
            }
        }
    }

    @Test
    void operadorAcompanhaNosReconstroiGerenciaTokensEVeWebhooksNoConsole() throws Exception {
        String noA = SegmentosDosNos.id(api);
        String noB = SegmentosDosNos.id(b.cliente());
        assertThat(noA).isNotEqualTo(noB);
        SegmentosDosNos.aguardarDivisao(List.of(api, b.cliente()));
        LojaDeTeste pedidos = TesteDeApi.novaLoja(api);
        String produto = api.post("/v1/produtos").token(pedidos.token()).json("{\"nome\":\"Pão\",\"preco\":1.5}")
                            .enviar().texto("id");
        for (int i = 0; i < 200; i++) {
            assertThat(novoPedido(pedidos, produto).status()).isEqualTo(201);
        }
        // more stores than the console lists at once, all named before the one the operator will look for
        for (int i = 0; i < 100; i++) {
            Resposta armazem = api.post("/admin/lojas").token(ADMIN)
                                  .json("{\"nome\":\"Armazém %03d\",\"slug\":\"armazem-%s\"}"
                                        .formatted(i, UUID.randomUUID().toString().substring(0, 8))).enviar();
            assertThat(armazem.status()).as(armazem.toString()).isEqualTo(201);
        }

        try (Navegador navegador = Navegador.abrir(); ReceptorDeWebhooks receptor = new ReceptorDeWebhooks()) {
            String console = "http://127.0.0.1:" + a.porta() + "/admin/console";
            navegador.ir(console);

            // a wrong token is refused, on the page
            navegador.elemento(By.id("token")).sendKeys("token-errado");
            navegador.elemento(By.id("entrar")).click();
            navegador.esperar(ExpectedConditions.textToBePresentInElementLocated(By.id("erro-entrada"), "Token recusado"));
            assertThat(navegador.elemento(By.id("console")).isDisplayed()).isFalse();
            navegador.foto("console-token-recusado");
            // the refused request is the only thing the browser logged
            assertThat(navegador.errosDoConsole()).allSatisfy(e -> assertThat(e).contains("/admin/projecoes", "401"));

            // the operator token: both nodes, and which holds which segment
            navegador.elemento(By.id("token")).clear();
            navegador.elemento(By.id("token")).sendKeys(ADMIN);
            navegador.elemento(By.id("entrar")).click();
            navegador.esperar(ExpectedConditions.visibilityOfElementLocated(By.id("tabela-processadores")));
            navegador.esperar(Duration.ofSeconds(60), d ->
                    !navegador.elementos(By.cssSelector("#tabela-processadores [data-dono='" + noA + "']")).isEmpty()
                    && !navegador.elementos(By.cssSelector("#tabela-processadores [data-dono='" + noB + "']")).isEmpty());
            assertThat(navegador.elementos(By.cssSelector("#tabela-nos tr[data-no='" + noA + "']"))).hasSize(1);
            assertThat(navegador.elementos(By.cssSelector("#tabela-nos tr[data-no='" + noB + "']"))).hasSize(1);
            assertThat(navegador.texto()).contains("pedido-view", "Em dia", "Segmentos por nó");
            assertThat(navegador.driver().getCurrentUrl()).doesNotContain(ADMIN);
            assertThat(navegador.script("return sessionStorage.getItem('console.tokenDeOperador')")).isEqualTo(ADMIN);
            assertThat(navegador.script("return localStorage.length")).isEqualTo(0L);
            assertThat(navegador.texto()).doesNotContain("null", "undefined", "NaN");
            navegador.foto("console-nos");

            // a rebuild of pedido-view while orders are written: the bar reaches 100 %
            aba(navegador, "reconstrucoes");
            By cartao = By.cssSelector(".cartao[data-projecao='pedido-view']");
            navegador.esperar(ExpectedConditions.presenceOfElementLocated(cartao));
            navegador.script("""
                    window.progressosVistos = [];
                    const barra = document.querySelector(".cartao[data-projecao='pedido-view'] .barra-progresso");
                    new MutationObserver(() => window.progressosVistos.push(Number(barra.getAttribute('aria-valuenow'))))
                        .observe(barra, { attributes: true, attributeFilter: ['aria-valuenow'] });""");
            AtomicBoolean parar = new AtomicBoolean();
            AtomicInteger escritos = new AtomicInteger();
            ConcurrentLinkedQueue<String> falhas = new ConcurrentLinkedQueue<>();
            ExecutorService escritor = Executors.newSingleThreadExecutor();
            Future<?> escrita = escritor.submit(() -> {
                while (!parar.get()) {
                    Resposta criado = novoPedido(pedidos, produto);
                    if (criado.status() == 201) {
                        escritos.incrementAndGet();
                    } else {
                        falhas.add(criado.toString());
                    }
                }
            });
            try {
                // counted from the click (more than one, so not just an order already under way): on a busy machine
                // the rebuild may end within one order's time after the page first shows it running
                int antes = escritos.get();
                navegador.elemento(cartao).findElement(By.cssSelector("button.reconstruir")).click();
                navegador.esperar(ExpectedConditions.textToBePresentInElementLocated(cartao, "Reconstruindo"));
                mostrar(navegador, cartao);
                navegador.foto("console-reconstrucao-andamento");
                navegador.esperar(ESPERA_LONGA, ExpectedConditions.textToBePresentInElementLocated(cartao, "Concluída"));
                assertThat(escritos.get()).as("pedidos escritos durante a reconstrução").isGreaterThan(antes + 1);
            } finally {
                parar.set(true);
                escrita.get();
                escritor.shutdown();
            }
            assertThat(falhas).isEmpty();
            WebElement barra = navegador.elemento(cartao).findElement(By.cssSelector(".barra-progresso"));
            assertThat(barra.getAttribute("aria-valuenow")).isEqualTo("100");
            List<?> vistos = (List<?>) navegador.script("return window.progressosVistos");
            assertThat(vistos).as("a barra andou antes de chegar a 100").isNotEmpty()
                              .anySatisfy(v -> assertThat(((Number) v).intValue()).isLessThan(100));
            assertThat(navegador.elemento(cartao).getText()).contains("100 %", "eventos/s", "a cópia substituiu a projeção");
            mostrar(navegador, cartao);
            navegador.foto("console-reconstrucao-concluida");

            // a store and a token made on the page; the token works on the API
            aba(navegador, "lojas");
            String nome = "Padaria do Console " + UUID.randomUUID().toString().substring(0, 6);
            String slug = "padaria-console-" + UUID.randomUUID().toString().substring(0, 8);
            navegador.elemento(By.id("nova-loja-nome")).sendKeys(nome);
            navegador.elemento(By.id("nova-loja-slug")).sendKeys(slug);
            navegador.elemento(By.cssSelector("#form-nova-loja button")).click();
            navegador.esperar(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector("#detalhe-loja h2"), nome));
            String lojaId = navegador.elemento(By.id("detalhe-loja")).getAttribute("data-loja");
            navegador.elemento(By.id("novo-token-nome")).sendKeys("erp-da-padaria");
            navegador.elemento(By.cssSelector("#detalhe-loja form button")).click();
            String token = navegador.esperar(ExpectedConditions.visibilityOfElementLocated(
                    By.cssSelector("#detalhe-loja .segredo code"))).getText();
            assertThat(token).startsWith("sk_loja_");
            assertThat(api.get("/v1/categorias").token(token).enviar().status()).isEqualTo(200);
            assertThat(api.post("/v1/categorias").token(token).json("{\"nome\":\"Pães\"}").enviar().status())
                    .isEqualTo(201);

            // the store's webhook fails: the console lists it by health, under the store's name, with its deliveries
            receptor.sempreFalhar("/padaria", 503);
            Resposta webhook = api.post("/v1/webhooks").token(token).json("{\"nome\":\"ERP\",\"url\":\""
                    + receptor.url("/padaria") + "\",\"eventos\":[\"pedido.criado\"]}").enviar();
            assertThat(webhook.status()).as(webhook.toString()).isEqualTo(201);
            String webhookId = webhook.texto("id");
            String bolo = api.post("/v1/produtos").token(token).json("{\"nome\":\"Bolo\",\"preco\":30}").enviar()
                             .texto("id");
            assertThat(novoPedido(new LojaDeTeste(lojaId, token), bolo).status()).isEqualTo(201);
            receptor.aguardar("/padaria", 1, Duration.ofSeconds(30));

            // revoked on the page, refused by the API; the page, opened again in the tab, does not ask for the token
            navegador.ir(console);
            aba(navegador, "lojas");
            assertThat(navegador.elemento(By.id("entrada")).isDisplayed()).isFalse();
            navegador.esperar(ExpectedConditions.textMatches(By.id("mais-lojas"),
                    Pattern.compile("^100 de [0-9.]+ lojas")));
            assertThat(navegador.elementos(By.cssSelector("#lista-lojas button[data-loja]"))).hasSize(100);
            assertThat(navegador.elementos(By.cssSelector("#lista-lojas button[data-loja='" + lojaId + "']")))
                    .as("a loja da padaria, depois das cem primeiras pelo nome").isEmpty();
            navegador.elemento(By.id("busca-lojas")).sendKeys(slug);
            navegador.esperar(ExpectedConditions.elementToBeClickable(By.cssSelector("#lista-lojas button[data-loja='" + lojaId + "']"))).click();
            By revogar = By.cssSelector("#tabela-tokens button.revogar");
            navegador.esperar(ExpectedConditions.textToBePresentInElementLocated(By.id("tabela-tokens"), "requisições neste minuto"));
            assertThat(navegador.texto()).doesNotContain("null", "undefined", "NaN");
            navegador.foto("console-tokens");
            navegador.esperar(ExpectedConditions.elementToBeClickable(revogar)).click();
            navegador.esperar(ExpectedConditions.textToBePresentInElementLocated(revogar, "Confirmar revogação"));
            navegador.elemento(revogar).click();
            navegador.esperar(ExpectedConditions.textToBePresentInElementLocated(By.id("tabela-tokens"), "Revogado"));
            navegador.foto("console-token-revogado");
            assertThat(api.get("/v1/categorias").token(token).enviar().status()).isEqualTo(401);

            aba(navegador, "webhooks");
            By linha = By.cssSelector("#tabela-webhooks tr[data-webhook='" + webhookId + "']");
            navegador.esperar(ESPERA_LONGA, d -> {
                List<WebElement> linhas = navegador.elementos(linha);
                if (linhas.isEmpty() || !(linhas.get(0).getText().contains("Falhando")
                                          || linhas.get(0).getText().contains("Circuito aberto"))) {
                    navegador.elemento(By.id("atualizar-webhooks")).click();
                    return false;
                }
                return true;
            });
            assertThat(navegador.elemento(linha).getText()).contains(nome, lojaId);
            navegador.elemento(linha).findElement(By.cssSelector("button")).click();
            By painel = By.id("painel-entregas");
            navegador.esperar(ExpectedConditions.textToBePresentInElementLocated(painel, "HTTP 503"));
            assertThat(navegador.elemento(By.cssSelector("#painel-entregas .nome-loja")).getText()).isEqualTo(nome);
            assertThat(navegador.elemento(painel).getDomAttribute("data-loja")).isEqualTo(lojaId);
            mostrar(navegador, painel);
            navegador.foto("console-webhooks");

            // the last hour, as both nodes sampled it (every 10 s: the page reloads the charts as often)
            aba(navegador, "graficos");
            // A node's latency has a point only for an interval in which it served the store API after its first
            // sample (which only sets the baseline); on a slow machine every request above may precede it. So the
            // store API is used while the page waits, once a second.
            long[] ultimaLeitura = {0};
            try {
                navegador.esperar(Duration.ofSeconds(60), d -> {
                    if (System.nanoTime() - ultimaLeitura[0] > 1_000_000_000L) {
                        ultimaLeitura[0] = System.nanoTime();
                        assertThat(api.get("/v1/produtos/" + produto).token(pedidos.token()).enviar().status())
                                .isEqualTo(200);
                    }
                    return navegador.elementos(By.cssSelector("#graficos .grafico polyline")).size() == 6;
                });
            } catch (TimeoutException e) {
                // which chart has no line, and what the nodes sampled: the failure should say which series is empty
                throw new AssertionError("Os gráficos não têm as 6 linhas. A aba mostra: "
                                         + navegador.elemento(By.id("graficos")).getText() + "\nAmostras: "
                                         + api.get("/admin/metricas/historico").token(ADMIN).enviar(), e);
            }
            navegador.esperar(Duration.ofSeconds(60),
                    ExpectedConditions.textToBePresentInElementLocated(By.id("ajuda-graficos"), "os 2 nós"));
            assertThat(navegador.texto()).contains("Requisições à API de lojas", "Pedidos criados", "Entregas de webhook",
                    "Latência p99", "Atraso dos processadores");
            assertThat(navegador.texto()).doesNotContain("null", "undefined", "NaN");
            navegador.foto("console-graficos");

            assertThat(navegador.errosDoConsole()).isEmpty();
            Object externos = navegador.script("return performance.getEntriesByType('resource')"
                    + ".map(r => r.name).filter(n => !n.startsWith(location.origin) || n.includes('" + ADMIN + "'))");
            assertThat((List<?>) externos).as("recursos de fora do serviço, ou com o token na URL").isEmpty();
        }
    }

    /** Scrolls the element to the middle of the window, for the screenshot. */
    private static void mostrar(Navegador navegador, By elemento) {
        navegador.script("arguments[0].scrollIntoView({block: 'center'})", navegador.elemento(elemento));
    }

    private static void aba(Navegador navegador, String aba) {
        navegador.esperar(ExpectedConditions.elementToBeClickable(By.cssSelector(".aba[data-aba='" + aba + "']")))
                 .click();
        navegador.esperar(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".secao[data-secao='" + aba + "']")));
    }

    private static Resposta novoPedido(LojaDeTeste loja, String produto) {
        return api.post("/v1/pedidos").token(loja.token())
                  .json("{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":"
                        + "[{\"produtoId\":\"" + produto + "\",\"quantidade\":1}]}").enviar();
    }
}
