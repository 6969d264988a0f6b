package br.com.lojaapi.apoio;

import br.com.lojaapi.gateway.banco.UrlDoBanco;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.fail;

/**
 * A service node in a JVM of its own, on the test classpath and the given database, with the settings of an
 * {@link OutroNo}: for what an in-JVM node cannot show, a node that dies at once ({@link #matar()}, SIGKILL), with no
 * shutdown hook, no released claim and no last heartbeat, as a crashed or OOM-killed process does. Its output goes
 * to {@code target/no-<nome>.log}. Nodes after the first map their classes from an archive the first one wrote
 * ({@link ClassesCompartilhadas}).
 */
public final class NoEmOutroProcesso implements AutoCloseable {

    private static final Duration PARA_SUBIR = Duration.ofMinutes(4);
    private static final AtomicLong INICIADOS = new AtomicLong();

    private final Process processo;
    private final int porta;
    private final Path log;

    private NoEmOutroProcesso(Process processo, int porta, Path log) {
        this.processo = processo;
        this.porta = porta;
        this.log = log;
    }

    /** Starts the node and returns at once; {@link #aguardarPronto()} waits for it. */
    public static NoEmOutroProcesso iniciar(String nome, UrlDoBanco url, Map<String, Object> propriedades) {
        int porta = portaLivre();
        Map<String, Object> todas = new HashMap<>(propriedades);
        todas.put("server.port", porta);
        long sequencia = INICIADOS.incrementAndGet();
        List<String> compartilhadas = ClassesCompartilhadas.opcoes(sequencia);
        List<String> comando = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // a short-lived node on a small shared machine: quick to start, few threads
                "-Xmx512m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
        comando.addAll(compartilhadas);
        comando.addAll(List.of("-cp", ClassesCompartilhadas.classpath(), ProcessoDeNo.class.getName()));
        // The password goes in the child's environment, which only its owner can read, not on its command line,
        // which every local user sees in ps.
        String senha = "--loja.banco.senha=";
        comando.addAll(Stream.of(OutroNo.argumentos(url, todas)).filter(a -> !a.startsWith(senha)).toList());
        Path log = Path.of("target", "no-" + nome + ".log").toAbsolutePath();
        try {
            Files.createDirectories(log.getParent());
            ProcessBuilder construtor = new ProcessBuilder(comando).redirectErrorStream(true)
                                                                  .redirectOutput(log.toFile());
            construtor.environment().put("LOJA_BANCO_SENHA", url.senha() == null ? "" : url.senha());
            Process processo = construtor.start();
            processo.onExit().thenRun(() -> ClassesCompartilhadas.aoSair(sequencia, compartilhadas));
            NoEmOutroProcesso no = new NoEmOutroProcesso(processo, porta, log);
            Runtime.getRuntime().addShutdownHook(new Thread(processo::destroyForcibly));
            return no;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits until the node answers its readiness check; fails with the end of its log if it died or took too long. */
    public NoEmOutroProcesso aguardarPronto() {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest pronto = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + porta
                + "/actuator/health/readiness")).timeout(Duration.ofSeconds(5)).build();
        long limite = System.nanoTime() + PARA_SUBIR.toNanos();
        while (System.nanoTime() < limite) {
            if (!processo.isAlive()) {
                fail("o nó em outro processo saiu com " + processo.exitValue() + ":\n" + cauda());
            }
            try {
                if (http.send(pronto, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return this;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            dormir(250);
        }
        return fail("o nó em outro processo não ficou pronto em " + PARA_SUBIR + ":\n" + cauda());
    }

    public ClienteHttp cliente() {
        return new ClienteHttp(porta);
    }

    public int porta() {
        return porta;
    }

    public long pid() {
        return processo.pid();
    }

    /** Waits for the process to end on its own, at most {@code limite}; its exit status. */
    public int aguardarSaida(Duration limite) {
        try {
            if (!processo.waitFor(limite.toMillis(), TimeUnit.MILLISECONDS)) {
                fail("o nó em outro processo não saiu em " + limite + ":\n" + cauda());
            }
            return processo.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** kill -9 by its pid, and waits until the process is gone. */
    public void matar() {
        try {
            Process kill = new ProcessBuilder("kill", "-9", Long.toString(processo.pid())).inheritIO().start();
            if (kill.waitFor() != 0) {
                fail("kill -9 " + processo.pid() + " saiu com " + kill.exitValue());
            }
            if (!processo.waitFor(30, TimeUnit.SECONDS)) {
                fail("o processo " + processo.pid() + " não terminou depois de kill -9");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A graceful stop (SIGTERM, the application's own shutdown), forced after a minute; nothing if already dead. */
    @Override
    public void close() {
        if (!processo.isAlive()) {
            return;
        }
        processo.destroy();
        try {
            if (!processo.waitFor(60, TimeUnit.SECONDS)) {
                processo.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            processo.destroyForcibly();
        }
    }

    private String cauda() {
        try {
            List<String> linhas = Files.readAllLines(log);
            return String.join("\n", linhas.subList(Math.max(0, linhas.size() - 80), linhas.size()));
        } catch (IOException e) {
            return "(sem log em " + log + ")";
        }
    }

    private static int portaLivre() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void dormir(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
