package br.com.lojaapi.banco;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.NoEmOutroProcesso;
import br.com.lojaapi.apoio.OutroNo;
import br.com.lojaapi.apoio.PostgresReplicado;
import br.com.lojaapi.apoio.ReceptorDeWebhooks;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.apoio.TesteDeApi.LojaDeTeste;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The PostgreSQL primary lost under load, and its synchronous standby promoted: a node in a JVM of its own
 * on the two-host URL ({@code targetServerType=primary}) takes orders from 8 clients throughout. The primary is
 * killed with SIGKILL after 5 s of load, the standby promoted 2 s later, and the load goes on for 10 s more.
 * <p>
 * What was acknowledged (2xx) must survive: every such order is read back, its {@code pedido.criado} reaches the
 * webhook, a retry with its Idempotency-Key names the same order, and each product's stock is what the orders took.
 * A request that was not acknowledged (503 during the switch, or a broken connection) may still have committed: each
 * is sent again with its key after the switch, and the service says whether it had been applied (409 naming the
 * order) or runs it now; the stock and the order count must then match exactly the orders the service says exist,
 * one per key. No request may get 500, and orders must be taken again within {@value #PRIMEIRO_2XX_MS} ms of the
 * promotion (the outage is noticed by a probe every 200 ms, which finds the new primary through the same URL).
 * <p>
 * {@code loja.idempotencia.abandono} is 10 s (its minimum) rather than 2 min, so a key left in progress by a request
 * the outage broke is judged within the test's time.
 */
class FalhaDoPrimarioApiTest {

    private static final Logger LOG = LoggerFactory.getLogger(FalhaDoPrimarioApiTest.class);

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ADMIN = TesteDeApi.ADMIN;
    private static final int CLIENTES = 8;
    private static final int PRODUTOS = 5;
    private static final BigDecimal ESTOQUE_INICIAL = BigDecimal.valueOf(1_000_000);
    private static final Duration CARGA_ANTES_DA_MORTE = Duration.ofSeconds(5);
    private static final Duration ATE_A_PROMOCAO = Duration.ofSeconds(2);
    private static final Duration CARGA_DEPOIS_DA_PROMOCAO = Duration.ofSeconds(10);
    private static final long PRIMEIRO_2XX_MS = 5_000;
    /** A client's pause after an answer that took nothing (503, a broken connection) before its next order. */
    private static final long PAUSA_APOS_RECUSA_MS = 100;
    private static final Duration ESPERA = Duration.ofSeconds(90);

    /** One order a client sends: its key, its body, and what it takes of each product. */
    private record Pedido(String chave, String corpo, Map<String, Integer> quantidades) {
    }

    /** What a client saw of one request: status -1 for a broken connection (with its error in {@code corpo}). */
    private record Registro(Pedido pedido, int status, String corpo, String retryAfter, Instant inicio, Instant fim) {

        boolean confirmado() {
            return status >= 200 && status < 300;
        }

        String id() {
            return texto(corpo, "id");
        }

        String resumo() {
            return status + " às " + fim + " (chave " + pedido.chave() + "): " + curto(corpo);
        }
    }

    /** What the service says of a key sent again after the switch: the order it names, and how it said so. */
    private record Resolucao(Pedido pedido, Resposta resposta, String id, String como) {
    }

    @Test
    void primarioMortoEStandbySincronoPromovidoSobCargaNadaConfirmadoSePerde() throws Exception {
        Map<String, Object> propriedades = new HashMap<>(OutroNo.SEM_LIMITES);
        propriedades.put("loja.nos.nome", "falha-do-primario");
        propriedades.put("loja.idempotencia.abandono", "10s");
        try (PostgresReplicado pg = PostgresReplicado.iniciar(PostgresReplicado.Modo.SINCRONO);
             ReceptorDeWebhooks receptor = new ReceptorDeWebhooks()) {
            NoEmOutroProcesso no = NoEmOutroProcesso.iniciar("falha-do-primario", pg.urlJdbc(), propriedades);
            try {
                no.aguardarPronto();
                executar(pg, no, receptor);
            } finally {
                no.close();
            }
        }
    }

    private void executar(PostgresReplicado pg, NoEmOutroProcesso no, ReceptorDeWebhooks receptor) throws Exception {
        ClienteHttp api = no.cliente();
        aquecerDescricao(no.porta());
        LojaDeTeste loja = TesteDeApi.novaLoja(api);
        List<String> produtos = new ArrayList<>();
        for (int i = 0; i < PRODUTOS; i++) {
            Resposta criado = api.post("/v1/produtos").token(loja.token()).json("{\"nome\":\"Produto " + i
                    + "\",\"preco\":10,\"controlaEstoque\":true,\"quantidadeEstoque\":" + ESTOQUE_INICIAL + "}")
                                 .enviar();
            assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
            produtos.add(criado.texto("id"));
        }
        String caminho = "/falha-do-primario/" + loja.id();
        Resposta webhook = api.post("/v1/webhooks").token(loja.token()).json("{\"nome\":\"Receptor\",\"url\":\""
                + receptor.url(caminho) + "\",\"eventos\":[\"pedido.criado\"]}").enviar();
        assertThat(webhook.status()).as(webhook.toString()).isEqualTo(201);

        // The load, the kill, the promotion
        ConcurrentLinkedQueue<Registro> registros = new ConcurrentLinkedQueue<>();
        AtomicBoolean parar = new AtomicBoolean();
        ExecutorService clientes = Executors.newFixedThreadPool(CLIENTES);
        Instant morte;
        Instant promovido;
        long promocaoMs;
        try {
            List<Future<?>> tarefas = new ArrayList<>();
            for (int c = 0; c < CLIENTES; c++) {
                tarefas.add(clientes.submit(() -> carregar(api, loja.token(), produtos, parar, registros)));
            }
            Instant inicio = Instant.now();
            aguardar("5 s de carga com pedidos confirmados", () -> Instant.now().isAfter(inicio.plus(
                    CARGA_ANTES_DA_MORTE)) && registros.stream().anyMatch(Registro::confirmado), ESPERA);
            pg.matarPrimario();
            morte = Instant.now();
            Thread.sleep(ATE_A_PROMOCAO.toMillis()); // the scenario: the standby is promoted 2 s after the loss
            long antes = System.nanoTime();
            promovido = pg.promover();
            promocaoMs = (System.nanoTime() - antes) / 1_000_000;
            Instant fimDaCarga = promovido.plus(CARGA_DEPOIS_DA_PROMOCAO);
            aguardar("10 s de carga após a promoção", () -> Instant.now().isAfter(fimDaCarga), ESPERA);
            parar.set(true);
            for (Future<?> tarefa : tarefas) {
                tarefa.get(60, TimeUnit.SECONDS);
            }
        } finally {
            parar.set(true);
            clientes.shutdownNow();
        }
        List<Registro> todos = new ArrayList<>(registros);
        List<Registro> confirmados = todos.stream().filter(Registro::confirmado).toList();
        List<Registro> naoConfirmados = todos.stream().filter(r -> !r.confirmado()).toList();
        Map<Integer, Long> porStatus = todos.stream().collect(Collectors.groupingBy(Registro::status, TreeMap::new,
                Collectors.counting()));
        Instant primeiro = confirmados.stream().map(Registro::fim).filter(f -> f.isAfter(promovido))
                                      .min(Instant::compareTo).orElse(null);
        String carga = String.format("%d pedidos enviados por %d clientes, %d confirmados (2xx), %d respostas 503, "
                        + "%d conexões perdidas, por status %s; primeiro 2xx %s ms após a promoção (pg_ctl promote "
                        + "levou %d ms; primário morto %d ms antes dela)", todos.size(), CLIENTES, confirmados.size(),
                porStatus.getOrDefault(503, 0L), porStatus.getOrDefault(-1, 0L), porStatus,
                primeiro == null ? "nenhum" : Duration.between(promovido, primeiro).toMillis(), promocaoMs,
                Duration.between(morte, promovido).toMillis());
        LOG.info("Falha do primário, a carga: {}", carga);

        // (a) no 500: a 503 says so and when to retry; a broken connection is not acknowledged, and nothing else
        // comes back
        assertThat(todos.stream().filter(r -> !r.confirmado() && r.status() != 503 && r.status() != -1)
                        .map(Registro::resumo).toList())
                .as("respostas que não são 2xx, 503 nem conexão perdida (por status: %s)", porStatus).isEmpty();
        for (Registro r : todos.stream().filter(r -> r.status() == 503).toList()) {
            assertThat(r.retryAfter()).as("Retry-After do 503 %s", r.corpo()).matches("[1-9][0-9]*");
            assertThat(texto(r.corpo(), "erro")).as("erro do 503 %s", r.corpo()).isNotBlank();
        }

        // (b) orders taken again soon after the promotion
        assertThat(primeiro).as("nenhum 2xx em %s após a promoção; %s", CARGA_DEPOIS_DA_PROMOCAO, porStatus)
                            .isNotNull();
        long primeiroMs = Duration.between(promovido, primeiro).toMillis();
        assertThat(primeiroMs).as("ms da promoção ao primeiro 2xx").isLessThanOrEqualTo(PRIMEIRO_2XX_MS);

        // Every request not acknowledged, sent again with its key: did it commit before the switch, or does it run now?
        List<Resolucao> resolvidos = emParalelo(naoConfirmados, r -> resolver(api, loja.token(), r.pedido()));
        Map<String, Long> comoResolvidos = resolvidos.stream().collect(Collectors.groupingBy(Resolucao::como,
                TreeMap::new, Collectors.counting()));

        // (f) a retry of each acknowledged request names the same order
        List<Resolucao> repetidos = emParalelo(confirmados, r -> resolver(api, loja.token(), r.pedido()));
        Map<String, Long> comoRepetidos = repetidos.stream().collect(Collectors.groupingBy(Resolucao::como,
                TreeMap::new, Collectors.counting()));
        for (int i = 0; i < confirmados.size(); i++) {
            Registro original = confirmados.get(i);
            Resolucao repetido = repetidos.get(i);
            assertThat(repetido.id()).as("repetição da chave confirmada %s: %s", original.resumo(),
                    curto(repetido.resposta().toString())).isEqualTo(original.id());
            if (repetido.como().equals("repetida")) {
                assertThat(repetido.resposta().status()).as("status repetido").isEqualTo(original.status());
            }
        }

        // The orders that exist: one per key, the acknowledged ones and those the service says it applied or ran
        Map<String, Pedido> pedidos = new LinkedHashMap<>();
        confirmados.forEach(r -> pedidos.put(r.id(), r.pedido()));
        resolvidos.forEach(r -> pedidos.put(r.id(), r.pedido()));
        assertThat(pedidos.size()).as("pedidos distintos, um por chave").isEqualTo(todos.size());

        // (c) every order acknowledged (and every one the service said exists) is read back, with what was asked
        List<String> diferentes = Collections.synchronizedList(new ArrayList<>());
        emParalelo(new ArrayList<>(pedidos.entrySet()), e -> {
            JsonNode lido = lerPedido(api, loja.token(), e.getKey());
            Map<String, Integer> itens = new TreeMap<>();
            lido.get("itens").forEach(item -> itens.merge(item.get("produto").get("id").asText(),
                    item.get("quantidade").decimalValue().intValueExact(), Integer::sum));
            if (!itens.equals(new TreeMap<>(e.getValue().quantidades()))) {
                diferentes.add(e.getKey() + ": pedido " + e.getValue().quantidades() + ", gravado " + itens);
            }
            return null;
        });
        assertThat(diferentes).as("pedidos gravados com outros itens").isEmpty();
        aguardar("a lista de pedidos mostrar " + pedidos.size(), () -> totalDePedidos(api, loja.token())
                                                                        == pedidos.size(), ESPERA);

        // (d) each product's stock is its initial stock less what those orders took, no more, no less
        Map<String, BigDecimal> esperado = new TreeMap<>();
        produtos.forEach(p -> esperado.put(p, ESTOQUE_INICIAL));
        pedidos.values().forEach(p -> p.quantidades().forEach((produto, quantidade) -> esperado.merge(produto,
                BigDecimal.valueOf(quantidade), BigDecimal::subtract)));
        Map<String, BigDecimal> lido = new TreeMap<>();
        aguardarSemFalhar(() -> {
            lido.clear();
            produtos.forEach(p -> lido.put(p, estoque(api, loja.token(), p)));
            return lido.keySet().stream().allMatch(p -> lido.get(p).compareTo(esperado.get(p)) == 0);
        }, ESPERA);
        assertThat(lido).as("estoque por produto (esperado %s)", esperado).allSatisfy((produto, quantidade) ->
                assertThat(quantidade).as(produto).isEqualByComparingTo(esperado.get(produto)));

        // (e) every order's pedido.criado reached the webhook (at least once: a delivery may repeat)
        receptor.aguardar(caminho, recebidos -> recebidos.stream().filter(r -> "pedido.criado".equals(
                        r.cabecalho("X-Service-Event"))).map(r -> texto(r.texto(), "dados", "id"))
                                                         .collect(Collectors.toSet()).containsAll(pedidos.keySet()),
                ESPERA, "pedido.criado de cada um dos " + pedidos.size() + " pedidos");
        int entregas = receptor.recebidos(caminho).size();

        LOG.info("Falha do primário: {}; não confirmados reenviados: {}; confirmados repetidos: {}; {} entregas de "
                + "pedido.criado para {} pedidos", carga, comoResolvidos, comoRepetidos, entregas, pedidos.size());
    }

    /** One client: orders of 1 to 3 products, 1 to 3 of each, each with a key of its own, until told to stop. */
    private static Void carregar(ClienteHttp api, String token, List<String> produtos, AtomicBoolean parar,
                                 ConcurrentLinkedQueue<Registro> registros) throws InterruptedException {
        ThreadLocalRandom aleatorio = ThreadLocalRandom.current();
        while (!parar.get()) {
            List<String> escolhidos = new ArrayList<>(produtos);
            Collections.shuffle(escolhidos, aleatorio);
            Map<String, Integer> quantidades = new LinkedHashMap<>();
            escolhidos.subList(0, aleatorio.nextInt(1, 4)).forEach(p -> quantidades.put(p, aleatorio.nextInt(1, 4)));
            String itens = quantidades.entrySet().stream().map(e -> "{\"produtoId\":\"" + e.getKey()
                    + "\",\"quantidade\":" + e.getValue() + "}").collect(Collectors.joining(","));
            String chave = UUID.randomUUID().toString();
            Pedido pedido = new Pedido(chave, "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Cliente " + chave
                    .substring(0, 8) + "\"},\"itens\":[" + itens + "]}", quantidades);
            Instant inicio = Instant.now();
            Registro registro;
            try {
                Resposta resposta = enviar(api, token, pedido);
                registro = new Registro(pedido, resposta.status(), resposta.corpo(),
                        resposta.cabecalho("Retry-After"), inicio, Instant.now());
            } catch (UncheckedIOException e) {
                registro = new Registro(pedido, -1, e.getCause().toString(), null, inicio, Instant.now());
            }
            registros.add(registro);
            if (!registro.confirmado()) {
                Thread.sleep(PAUSA_APOS_RECUSA_MS);
            }
        }
        return null;
    }

    /**
     * Sends a key again until the service says what became of it: 2xx (its stored answer replayed, or run now if it
     * had changed nothing) or 409 naming the order it created before its answer was lost. A 409 without a resource
     * (still in progress: the request the outage broke holds the key until it is judged abandoned) and a 503 are
     * retried.
     */
    private static Resolucao resolver(ClienteHttp api, String token, Pedido pedido) throws InterruptedException {
        long fim = System.nanoTime() + ESPERA.toNanos();
        Resposta resposta = null;
        while (System.nanoTime() < fim) {
            try {
                resposta = enviar(api, token, pedido);
            } catch (UncheckedIOException e) {
                Thread.sleep(200);
                continue;
            }
            int status = resposta.status();
            if (status >= 200 && status < 300) {
                return new Resolucao(pedido, resposta, resposta.texto("id"), "true".equals(resposta.cabecalho(
                        "Idempotent-Replayed")) ? "repetida" : "executada agora");
            }
            if (status == 409 && resposta.texto("id") != null) {
                return new Resolucao(pedido, resposta, resposta.texto("id"), "aplicada sem resposta");
            }
            if (status != 409 && status != 503) {
                return fail("chave " + pedido.chave() + " reenviada: " + curto(resposta.toString()));
            }
            Thread.sleep(status == 409 ? 500 : 200);
        }
        return fail("chave " + pedido.chave() + " sem desfecho em " + ESPERA + ": " + resposta);
    }

    private static Resposta enviar(ClienteHttp api, String token, Pedido pedido) {
        return api.post("/v1/pedidos").token(token).cabecalho("Idempotency-Key", pedido.chave()).json(pedido.corpo())
                  .enviar();
    }

    private static JsonNode lerPedido(ClienteHttp api, String token, String id) throws InterruptedException {
        long fim = System.nanoTime() + ESPERA.toNanos();
        Resposta lido;
        while ((lido = api.get("/v1/pedidos/" + id).token(token).enviar()).status() != 200) {
            if (System.nanoTime() > fim) {
                return fail("pedido " + id + " não lido em " + ESPERA + ": " + lido);
            }
            Thread.sleep(100);
        }
        return lido.json();
    }

    private static long totalDePedidos(ClienteHttp api, String token) {
        Resposta lista = api.get("/v1/pedidos?limite=1").token(token).enviar();
        return lista.status() == 200 ? lista.json().get("paginacao").get("total").asLong() : -1;
    }

    private static BigDecimal estoque(ClienteHttp api, String token, String produto) {
        Resposta lido = api.get("/v1/produtos/" + produto).token(token).enviar();
        assertThat(lido.status()).as(lido.toString()).isEqualTo(200);
        return lido.json().get("quantidadeEstoque").decimalValue();
    }

    /** Applies {@code tarefa} to each element on {@value #CLIENTES} threads; the results in the elements' order. */
    private static <E, R> List<R> emParalelo(List<E> elementos, FuncaoQueEspera<E, R> tarefa) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(CLIENTES);
        try {
            List<Future<R>> futuros = new ArrayList<>();
            for (E elemento : elementos) {
                futuros.add(threads.submit((Callable<R>) () -> tarefa.aplicar(elemento)));
            }
            List<R> resultados = new ArrayList<>();
            for (Future<R> futuro : futuros) {
                resultados.add(futuro.get(ESPERA.toSeconds() * 2, TimeUnit.SECONDS));
            }
            return resultados;
        } finally {
            threads.shutdownNow();
        }
    }

    @FunctionalInterface
    private interface FuncaoQueEspera<E, R> {
        R aplicar(E elemento) throws Exception;
    }

    private static void aguardar(String oQue, BooleanSupplier condicao, Duration limite) throws InterruptedException {
        long fim = System.nanoTime() + limite.toNanos();
        while (!condicao.getAsBoolean()) {
            if (System.nanoTime() > fim) {
                fail("esperava " + oQue + " em " + limite);
            }
            Thread.sleep(50);
        }
    }

    /** Waits for the condition up to the limit, and returns either way: the assertion after it says what differs. */
    private static void aguardarSemFalhar(BooleanSupplier condicao, Duration limite) throws InterruptedException {
        long fim = System.nanoTime() + limite.toNanos();
        while (!condicao.getAsBoolean() && System.nanoTime() < fim) {
            Thread.sleep(100);
        }
    }

    private static String curto(String texto) {
        return texto == null || texto.length() <= 300 ? texto : texto.substring(0, 300) + "...";
    }

    private static String texto(String json, String... caminho) {
        try {
            JsonNode no = JSON.readTree(json);
            for (String campo : caminho) {
                no = no == null ? null : no.get(campo);
            }
            return no == null || no.isNull() ? null : no.asText();
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * springdoc builds the description on its first request, which took up to 40 s on a loaded machine: longer than
     * the 30 s the response validator allows itself to fetch it.
     */
    private static void aquecerDescricao(int porta) throws Exception {
        HttpResponse<Void> descricao = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + porta + "/v1/openapi.json"))
                           .timeout(Duration.ofMinutes(3)).build(), HttpResponse.BodyHandlers.discarding());
        assertThat(descricao.statusCode()).isEqualTo(200);
    }
}
