package br.com.lojaapi.apoio;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.PostgreSQLContainer;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The real PostgreSQL every test of a JVM runs against, chosen once: {@code DATABASE_URL} when set, else a
 * Testcontainers PostgreSQL where a Docker engine answers, else an embedded server. No test is skipped for want of
 * Docker. Shared by the modules' tests (api-gateway takes it from this module's test jar); what differs between
 * them, how {@code DATABASE_URL} is read and how an embedded server is started, each brings as {@link Servidores}.
 * A JVM runs one module's tests, so the first caller's {@code Servidores} are the only ones ever used.
 */
public final class PostgresDeTestes {

    private static final Logger log = LoggerFactory.getLogger(PostgresDeTestes.class);
    private static Conexao principal;

    private PostgresDeTestes() {
    }

    /** Where a server's database is, as JDBC takes it; {@code usuario} and {@code senha} may be null. */
    public record Conexao(String jdbcUrl, String usuario, String senha) {

        @Override
        public String toString() {
            return "Conexao[" + jdbcUrl + ", usuario=" + usuario + "]";
        }
    }

    /** What a module's tests bring: how they read {@code DATABASE_URL}, and how they start an embedded server. */
    public interface Servidores {

        /** {@code DATABASE_URL}, {@code DATABASE_USER} and {@code DATABASE_PASSWORD}, the last two maybe null. */
        Conexao externo(String url, String usuario, String senha);

        /** A throw-away server, stopped and removed once this JVM is done with it. */
        Conexao embutido();
    }

    /** The server's main database, chosen and started on first use. */
    public static synchronized Conexao principal(Servidores servidores) {
        if (principal == null) {
            principal = escolher(servidores);
        }
        return principal;
    }

    /**
     * Another database on the same server as {@code principal}, created on first use: for tests whose data must not
     * meet the others' (an application configured differently, a module's own tests on a shared server).
     */
    public static synchronized Conexao banco(Conexao principal, String nome) {
        if (!nome.matches("[a-z_][a-z0-9_]*")) {
            throw new IllegalArgumentException("nome de banco inválido: " + nome);
        }
        try (Connection conexao = DriverManager.getConnection(principal.jdbcUrl(), principal.usuario(),
                principal.senha());
             PreparedStatement existe = conexao.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            existe.setString(1, nome);
            try (ResultSet linha = existe.executeQuery(); Statement comando = conexao.createStatement()) {
                if (!linha.next()) {
                    comando.execute("CREATE DATABASE " + nome);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("não foi possível criar o banco " + nome, e);
        }
        String jdbc = principal.jdbcUrl().replaceFirst("/[^/?]+(\\?|$)", "/" + nome + "$1");
        return new Conexao(jdbc, principal.usuario(), principal.senha());
    }

    private static Conexao escolher(Servidores servidores) {
        String externo = System.getenv("DATABASE_URL");
        if (externo != null && !externo.isBlank()) {
            log.info("Testes no PostgreSQL de DATABASE_URL");
            return servidores.externo(externo, System.getenv("DATABASE_USER"), System.getenv("DATABASE_PASSWORD"));
        }
        if (dockerDisponivel()) {
            PostgreSQLContainer<?> container = new PostgreSQLContainer<>("postgres:17-alpine");
            container.start();
            log.info("Testes no PostgreSQL do Testcontainers");
            return new Conexao(container.getJdbcUrl(), container.getUsername(), container.getPassword());
        }
        log.info("Sem Docker: testes no PostgreSQL embutido");
        return servidores.embutido();
    }

    private static boolean dockerDisponivel() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }
}
