package br.com.lojaapi.apoio;

import br.com.lojaapi.gateway.banco.PostgresEmbutido;
import br.com.lojaapi.gateway.banco.UrlDoBanco;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.PostgreSQLContainer;

import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
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
     * Another database on the same server, created on first use: for an application whose settings differ from the
     * other test nodes'. Nodes sharing a database share the work (event processors, webhook deliveries), so they
     * must agree on how to do it.
     */
    public static synchronized UrlDoBanco url(String banco) {
        UrlDoBanco principal = url();
        try (Connection conexao = DriverManager.getConnection(principal.jdbcUrl(), principal.usuario(),
                principal.senha()); Statement comando = conexao.createStatement()) {
            ResultSet existe = comando.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + banco + "'");
            if (!existe.next()) {
                comando.execute("CREATE DATABASE " + banco);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("não foi possível criar o banco " + banco, e);
        }
        String jdbc = principal.jdbcUrl().replaceFirst("/[^/?]+(\\?|$)", "/" + banco + "$1");
        return new UrlDoBanco(jdbc, principal.usuario(), principal.senha());
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
