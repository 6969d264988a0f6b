package br.com.lojaapi.implantacao;

import br.com.lojaapi.apoio.ReceptorDeWebhooks;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every metric the Grafana dashboard (deploy/grafana/painel-loja-api.json) and the alert rules
 * (deploy/prometheus/alertas.yml) query exists in what /actuator/prometheus serves, and so does every label value they
 * select with {@code label="value"}: a renamed meter or a typo would otherwise leave a panel empty and an alert
 * silent, with nothing failing. The PromQL is read by a small tokenizer ({@link #seletores}), enough for the
 * expressions these files use. Metrics Prometheus makes itself ({@code up}) are not the service's. Traffic first
 * (a request, an order, a webhook delivery), since some meters appear only once used. The same configuration as
 * MetricasApiTest, so both share one application context.
 */
@AutoConfigureObservability
class MetricasDoPainelTest extends TesteDeApi {

    /** Series Prometheus adds to every scrape, not exported by the service. */
    private static final Set<String> DO_PROMETHEUS = Set.of("up", "scrape_duration_seconds", "scrape_samples_scraped",
            "scrape_samples_post_metric_relabeling", "scrape_series_added");
    /** Words of PromQL that are not metric names (functions are told apart by the parenthesis after them). */
    private static final Set<String> PALAVRAS = Set.of("by", "without", "on", "ignoring", "group_left", "group_right",
            "bool", "and", "or", "unless", "offset", "inf", "nan", "atan2", "sum", "min", "max", "avg", "count",
            "stddev", "stdvar", "topk", "bottomk", "quantile", "count_values", "group");
    private static final Set<String> AGRUPAMENTOS = Set.of("by", "without", "on", "ignoring", "group_left",
            "group_right");
    private static final Pattern TOKEN = Pattern.compile(
            "\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'|\\$\\{[^}]*}|\\$\\w+|\\[[^]]*]|\\{[^}]*}|[A-Za-z_:][\\w:]*"
            + "|\\d[\\w.]*|\\S");
    private static final Pattern MATCHER = Pattern.compile("([A-Za-z_]\\w*)\\s*(=~|!=|!~|=)\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern AMOSTRA = Pattern.compile("^([A-Za-z_:][\\w:]*)(?:\\{(.*)})? \\S+$");
    private static final Pattern ROTULO = Pattern.compile("([A-Za-z_]\\w*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    /** A metric selected by an expression: its name and the label values it must have ({@code label="value"}). */
    record Seletor(String metrica, Map<String, String> rotulos) {
    }

    @Test
    void cadaMetricaDoPainelEDosAlertasExiste() throws Exception {
        trafego();
        pausaDeGc();
        Map<String, List<Map<String, String>>> servidas = series(api.get("/actuator/prometheus").token(ADMIN).enviar());

        List<String> faltando = new ArrayList<>();
        Map<String, String> expressoes = expressoes(raizDoRepositorio());
        assertThat(expressoes).as("expressions in the dashboard and the alert rules").hasSizeGreaterThan(10);
        expressoes.forEach((onde, expressao) -> faltando.addAll(ausentes(onde, expressao, servidas)));
        assertThat(faltando).as("metrics the dashboard or the alerts query that /actuator/prometheus does not serve")
                            .isEmpty();
    }

    /** The checker itself: a panel on a metric that does not exist, or on a label value none has, is reported. */
    @Test
    void metricaOuValorInexistenteEApontado() {
        Map<String, List<Map<String, String>>> servidas = Map.of(
                "http_server_requests_seconds_bucket", List.of(Map.of("status", "200", "le", "0.1")),
                "loja_axon_comandos_seconds_count", List.of(Map.of("tipo", "CriarPedidoCommand")));

        assertThat(ausentes("ok", "histogram_quantile(0.99, sum by (instance, le) (rate("
                               + "http_server_requests_seconds_bucket{status=~\"5..\"}[$__rate_interval])))", servidas))
                .isEmpty();
        assertThat(ausentes("painel", "sum by (instance) (rate(loja_pedidos_inexistentes_total[5m])) and up == 0",
                servidas)).singleElement().asString().contains("loja_pedidos_inexistentes_total");
        assertThat(ausentes("painel", "rate(loja_axon_comandos_seconds_count{tipo=\"CriarPedidoComand\"}[5m])",
                servidas)).singleElement().asString().contains("CriarPedidoComand");
        assertThat(seletores("label_replace(rate(x_total{a=\"1\"}[1m]), \"classe\", \"${1}xx\", \"status\", \"(.).*\")"
                             + " / on (instance) group_left max without (pool) (y) > bool 0.5"))
                .extracting(Seletor::metrica).containsExactly("x_total", "y");
    }

    // --- traffic ---

    /**
     * A request, an order, and two webhook attempts, one failed and one successful. The attempts are test deliveries:
     * this node makes them on the request's thread and records them in its own registry. A queued delivery may be
     * sent by another node sharing the test database, whose registry this scrape never sees.
     */
    private void trafego() {
        LojaDeTeste loja = novaLoja();
        ReceptorDeWebhooks receptor = ReceptorDeWebhooks.compartilhado();
        // one endpoint that always refuses and one that accepts: each test delivery's outcome is fixed, whatever the
        // queued pedido.criado deliveries to the same endpoints do meanwhile
        String recusa = "/r/" + UUID.randomUUID();
        receptor.sempreFalhar(recusa, 503);
        String aceita = "/r/" + UUID.randomUUID();
        String webhookQueFalha = criarWebhook(loja, receptor.url(recusa));
        String webhookQueAceita = criarWebhook(loja, receptor.url(aceita));
        Resposta produto = api.post("/v1/produtos").token(loja.token()).json("{\"nome\":\"Café\",\"preco\":10}").enviar();
        assertThat(produto.status()).as(produto.toString()).isEqualTo(201);
        Resposta pedido = api.post("/v1/pedidos").token(loja.token())
                             .json("{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":"
                                   + "[{\"produtoId\":\"" + produto.texto("id") + "\",\"quantidade\":1}]}").enviar();
        assertThat(pedido.status()).as(pedido.toString()).isEqualTo(201);
        assertThat(api.get("/v1/pedidos/" + pedido.texto("id")).token(loja.token()).enviar().status()).isEqualTo(200);
        Resposta falhou = api.post("/v1/webhooks/" + webhookQueFalha + "/teste").token(loja.token()).enviar();
        assertThat(falhou.status()).as(falhou.toString()).isEqualTo(200);
        assertThat(falhou.json().path("sucesso").asBoolean()).as(falhou.toString()).isFalse();
        Resposta deuCerto = api.post("/v1/webhooks/" + webhookQueAceita + "/teste").token(loja.token()).enviar();
        assertThat(deuCerto.status()).as(deuCerto.toString()).isEqualTo(200);
        assertThat(deuCerto.json().path("sucesso").asBoolean()).as(deuCerto.toString()).isTrue();
    }

    /**
     * The GC pause timer exists only once the JVM has collected: a JVM that has not yet (a fresh clone's run did not)
     * is made to, here, in the JVM the test's node runs in, and the pause's notification waited for.
     */
    private void pausaDeGc() throws InterruptedException {
        long limite = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
        while (!api.get("/actuator/prometheus").token(ADMIN).enviar().corpo().contains("jvm_gc_pause_seconds_sum")) {
            assertThat(System.nanoTime()).as("a GC pause recorded within 30 s").isLessThan(limite);
            System.gc();
            Thread.sleep(100);
        }
    }

    private String criarWebhook(LojaDeTeste loja, String url) {
        Resposta webhook = api.post("/v1/webhooks").token(loja.token())
                              .json("{\"nome\":\"Painel\",\"url\":\"" + url + "\",\"eventos\":[\"pedido.criado\"]}")
                              .enviar();
        assertThat(webhook.status()).as(webhook.toString()).isEqualTo(201);
        return webhook.texto("id");
    }

    // --- what the files query ---

    /** Every PromQL expression of the dashboard's targets and of the alert rules, by where it is. */
    static Map<String, String> expressoes(Path raiz) throws IOException {
        Map<String, String> expressoes = new LinkedHashMap<>();
        JsonNode painel = new ObjectMapper().readTree(raiz.resolve("deploy/grafana/painel-loja-api.json").toFile());
        for (JsonNode item : painel.path("panels")) {
            for (JsonNode alvo : item.path("targets")) {
                expressoes.put("painel \"" + item.path("title").asText() + "\" " + alvo.path("refId").asText(),
                        alvo.path("expr").asText());
            }
        }
        Map<String, Object> alertas = new Yaml(new SafeConstructor(new LoaderOptions()))
                .load(Files.readString(raiz.resolve("deploy/prometheus/alertas.yml")));
        for (Object grupo : (List<?>) alertas.get("groups")) {
            for (Object regra : (List<?>) ((Map<?, ?>) grupo).get("rules")) {
                Map<?, ?> r = (Map<?, ?>) regra;
                expressoes.put("alerta " + r.get("alert"), String.valueOf(r.get("expr")));
            }
        }
        return expressoes;
    }

    /**
     * The metrics an expression selects: identifiers that are neither PromQL words nor functions (followed by "("),
     * outside strings, durations ([5m]) and label matchers, and not in a by/without/on/ignoring/group_* list.
     */
    static List<Seletor> seletores(String expressao) {
        List<String> tokens = new ArrayList<>();
        Matcher m = TOKEN.matcher(expressao);
        while (m.find()) {
            tokens.add(m.group());
        }
        List<Seletor> seletores = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            String token = tokens.get(i);
            if (AGRUPAMENTOS.contains(token.toLowerCase()) && i + 1 < tokens.size() && tokens.get(i + 1).equals("(")) {
                while (i < tokens.size() && !tokens.get(i).equals(")")) {
                    i++; // label names, not metrics
                }
                continue;
            }
            if (!token.matches("[A-Za-z_:][\\w:]*") || PALAVRAS.contains(token.toLowerCase())
                || (i + 1 < tokens.size() && tokens.get(i + 1).equals("("))) {
                continue;
            }
            Map<String, String> rotulos = new TreeMap<>();
            if (i + 1 < tokens.size() && tokens.get(i + 1).startsWith("{")) {
                Matcher igual = MATCHER.matcher(tokens.get(i + 1));
                while (igual.find()) {
                    if (igual.group(2).equals("=") && !igual.group(3).contains("$")) {
                        rotulos.put(igual.group(1), igual.group(3));
                    }
                }
            }
            seletores.add(new Seletor(token, rotulos));
        }
        return seletores;
    }

    /** What an expression selects that the scrape does not have, as messages naming where. */
    static List<String> ausentes(String onde, String expressao, Map<String, List<Map<String, String>>> servidas) {
        List<String> ausentes = new ArrayList<>();
        List<Seletor> seletores = seletores(expressao);
        if (seletores.isEmpty()) {
            ausentes.add(onde + ": no metric found in " + expressao);
        }
        for (Seletor seletor : seletores) {
            if (DO_PROMETHEUS.contains(seletor.metrica())) {
                continue;
            }
            List<Map<String, String>> series = servidas.get(seletor.metrica());
            if (series == null) {
                ausentes.add(onde + ": " + seletor.metrica() + " is not in /actuator/prometheus");
                continue;
            }
            // "job" and "instance" are the labels Prometheus attaches when it scrapes
            Map<String, String> procurados = new TreeMap<>(seletor.rotulos());
            procurados.keySet().removeAll(Set.of("job", "instance"));
            if (series.stream().noneMatch(s -> s.entrySet().containsAll(procurados.entrySet()))) {
                ausentes.add(onde + ": no series of " + seletor.metrica() + " has " + procurados + " (served: "
                             + series.stream().limit(10).toList() + ")");
            }
        }
        return ausentes;
    }

    /** The scrape as metric name to the label sets of its samples. */
    private static Map<String, List<Map<String, String>>> series(Resposta raspagem) {
        assertThat(raspagem.status()).isEqualTo(200);
        Map<String, List<Map<String, String>>> series = new TreeMap<>();
        for (String linha : raspagem.corpo().lines().toList()) {
            Matcher amostra = AMOSTRA.matcher(linha);
            if (linha.startsWith("#") || !amostra.matches()) {
                continue;
            }
            Map<String, String> rotulos = new TreeMap<>();
            if (amostra.group(2) != null) {
                Matcher rotulo = ROTULO.matcher(amostra.group(2));
                while (rotulo.find()) {
                    rotulos.put(rotulo.group(1), rotulo.group(2));
                }
            }
            series.computeIfAbsent(amostra.group(1), n -> new ArrayList<>()).add(rotulos);
        }
        return series;
    }

    private static Path raizDoRepositorio() {
        Path atual = Path.of("").toAbsolutePath();
        while (atual != null && !Files.exists(atual.resolve("deploy/grafana/painel-loja-api.json"))) {
            atual = atual.getParent();
        }
        assertThat(atual).as("deploy/grafana above the working directory").isNotNull();
        return atual;
    }
}
