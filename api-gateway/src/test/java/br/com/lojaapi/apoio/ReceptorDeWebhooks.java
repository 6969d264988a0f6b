package br.com.lojaapi.apoio;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.fail;

/**
 * A webhook receiver on 127.0.0.1 that records every request (headers, raw body) per path. What it answers is set
 * per path: a status for the first N requests and another afterwards, optionally after a delay.
 */
public final class ReceptorDeWebhooks implements AutoCloseable {

    /** One request as it arrived: header names lower-cased. */
    public record Recebido(String caminho, Map<String, String> cabecalhos, byte[] corpo, long recebidoEmNanos) {

        public String cabecalho(String nome) {
            return cabecalhos.get(nome.toLowerCase());
        }

        public String texto() {
            return new String(corpo, StandardCharsets.UTF_8);
        }

        /** The id of the resource the delivery's body carries ({@code dados.id}), "" when it has none. */
        public String idDosDados() {
            String texto = texto();
            int i = texto.indexOf("\"dados\":{\"id\":\"");
            return i < 0 ? "" : texto.substring(i + 15, texto.indexOf('"', i + 15));
        }
    }

    private record Comportamento(int falhasIniciais, int statusDeFalha, Duration atraso) {
    }

    private final HttpServer servidor;
    private final List<Recebido> recebidos = new CopyOnWriteArrayList<>();
    private final Map<String, Comportamento> comportamentos = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> contagens = new ConcurrentHashMap<>();
    private final Map<String, Function<Recebido, Integer>> regras = new ConcurrentHashMap<>();
    private final Map<String, byte[]> corpos = new ConcurrentHashMap<>();

    private static ReceptorDeWebhooks compartilhado;

    /**
     * The receiver test classes share for the whole run, stopped with the JVM: every webhook of a test has a path
     * of its own, so no test sees another's deliveries.
     */
    public static synchronized ReceptorDeWebhooks compartilhado() {
        if (compartilhado == null) {
            compartilhado = new ReceptorDeWebhooks();
            Runtime.getRuntime().addShutdownHook(new Thread(compartilhado::close));
        }
        return compartilhado;
    }

    public ReceptorDeWebhooks() {
        try {
            servidor = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 100);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        servidor.setExecutor(Executors.newCachedThreadPool());
        servidor.createContext("/", this::atender);
        servidor.start();
    }

    public String url(String caminho) {
        return "http://127.0.0.1:" + servidor.getAddress().getPort() + caminho;
    }

    /** The first {@code falhas} requests to the path get {@code status}; later ones 200. */
    public void falharPrimeiras(String caminho, int falhas, int status) {
        comportamentos.put(caminho, new Comportamento(falhas, status, Duration.ZERO));
    }

    public void sempreFalhar(String caminho, int status) {
        falharPrimeiras(caminho, Integer.MAX_VALUE, status);
    }

    /** Every request waits this long before its 200. */
    public void demorar(String caminho, Duration atraso) {
        comportamentos.put(caminho, new Comportamento(0, 200, atraso));
    }

    /** The status of each request to the path is whatever the rule says for it. */
    public void responderCom(String caminho, Function<Recebido, Integer> regra) {
        regras.put(caminho, regra);
    }

    /** The body every answer on the path carries, instead of the default JSON. */
    public void responderCorpo(String caminho, byte[] corpo) {
        corpos.put(caminho, corpo);
    }

    public List<Recebido> recebidos(String caminho) {
        return recebidos.stream().filter(r -> r.caminho().equals(caminho)).toList();
    }

    /** Waits until the path has received at least {@code quantidade} requests; fails the test after the limit. */
    public List<Recebido> aguardar(String caminho, int quantidade, Duration limite) {
        return aguardar(caminho, r -> r.size() >= quantidade, limite,
                "esperava " + quantidade + " requisições em " + caminho);
    }

    public List<Recebido> aguardar(String caminho, Predicate<List<Recebido>> condicao, Duration limite,
                                   String descricao) {
        long fim = System.nanoTime() + limite.toNanos();
        while (System.nanoTime() < fim) {
            List<Recebido> atuais = recebidos(caminho);
            if (condicao.test(atuais)) {
                return atuais;
            }
            dormir(50);
        }
        List<Recebido> atuais = recebidos(caminho);
        if (condicao.test(atuais)) {
            return atuais;
        }
        return fail(descricao + "; recebidas " + atuais.size());
    }

    private void atender(HttpExchange troca) throws IOException {
        String caminho = troca.getRequestURI().getPath();
        Map<String, String> cabecalhos = new TreeMap<>();
        troca.getRequestHeaders().forEach((nome, valores) -> cabecalhos.put(nome.toLowerCase(), valores.get(0)));
        byte[] corpo = troca.getRequestBody().readAllBytes();
        Recebido recebido = new Recebido(caminho, cabecalhos, corpo, System.nanoTime());
        recebidos.add(recebido);
        int ordem = contagens.computeIfAbsent(caminho, c -> new AtomicInteger()).incrementAndGet();
        Comportamento comportamento = comportamentos.getOrDefault(caminho, new Comportamento(0, 200, Duration.ZERO));
        if (!comportamento.atraso().isZero()) {
            dormir(comportamento.atraso().toMillis());
        }
        int status = ordem <= comportamento.falhasIniciais() ? comportamento.statusDeFalha() : 200;
        if (regras.containsKey(caminho)) {
            status = regras.get(caminho).apply(recebido);
        }
        byte[] resposta = corpos.getOrDefault(caminho,
                ("{\"recebido\":" + ordem + "}").getBytes(StandardCharsets.UTF_8));
        troca.getResponseHeaders().add("Content-Type", "application/json");
        if (status >= 300 && status < 400) {
            troca.getResponseHeaders().add("Location", url("/destino-do-redirecionamento"));
        }
        try {
            troca.sendResponseHeaders(status, resposta.length);
            troca.getResponseBody().write(resposta);
        } catch (IOException e) {
            // the sender gave up (timeout): nothing to answer
        } finally {
            troca.close();
        }
    }

    private static void dormir(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public List<Recebido> todos() {
        return new ArrayList<>(recebidos);
    }

    @Override
    public void close() {
        servidor.stop(0);
    }
}
