package br.com.lojaapi.apoio;

import br.com.lojaapi.gateway.banco.PostgresEmbutido;
import br.com.lojaapi.gateway.banco.UrlDoBanco;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.PostgreSQLContainer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The real PostgreSQL every test runs against, started once per JVM: {@code DATABASE_URL} when set, else a
 * Testcontainers PostgreSQL where a Docker engine answers, else the same embedded server the application uses in
 * its default mode. No test is skipped for want of Docker.
 */
public final class BancoDeTestes {

    private static final Logger log = LoggerFactory.getLogger(BancoDeTestes.class);
    private static UrlDoBanco url;
    private static Path dados;

    private BancoDeTestes() {
    }

    public static synchronized UrlDoBanco url() {
        if (url == null) {
            url = iniciar();
        }
        return url;
    }

    /**
     * DATA_DIR of every application the tests start (the embedded object store lives under it), shared by all of
     * them like one S3 bucket would be, and removed when the JVM exits.
     */
    public static synchronized Path diretorioDeDados() {
        if (dados == null) {
            try {
                dados = Files.createTempDirectory("loja-testes-dados");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Path alvo = dados;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> apagar(alvo)));
        }
        return dados;
    }

    private static UrlDoBanco iniciar() {
        String externo = System.getenv("DATABASE_URL");
        if (externo != null && !externo.isBlank()) {
            log.info("Testes no PostgreSQL de DATABASE_URL");
            return UrlDoBanco.interpretar(externo, System.getenv("DATABASE_USER"), System.getenv("DATABASE_PASSWORD"));
        }
        if (dockerDisponivel()) {
            PostgreSQLContainer<?> container = new PostgreSQLContainer<>("postgres:17-alpine");
            container.start();
            log.info("Testes no PostgreSQL do Testcontainers");
            return new UrlDoBanco(container.getJdbcUrl(), container.getUsername(), container.getPassword());
        }
        log.info("Sem Docker: testes no PostgreSQL embutido");
        return embutido();
    }

    private static boolean dockerDisponivel() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    private static UrlDoBanco embutido() {
        try {
            // Stopped (and its directory removed) by the server's watchdog once this JVM has exited, after every
            // application context of the tests has closed its pool.
            Path diretorio = Files.createTempDirectory("loja-testes-pg");
            return PostgresEmbutido.iniciar(diretorio, false, true).url();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void apagar(Path diretorio) {
        try (Stream<Path> caminhos = Files.walk(diretorio)) {
            caminhos.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            log.warn("Não foi possível apagar {}", diretorio);
        }
    }
}
