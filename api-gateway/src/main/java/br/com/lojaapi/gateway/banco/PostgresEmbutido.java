package br.com.lojaapi.gateway.banco;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A real PostgreSQL server started by the application from the binaries delivered by Maven (zonky), with its data
 * directory kept across restarts. Durability settings are those of a normal server: zonky's test defaults turn
 * fsync and synchronous commit off.
 */
public final class PostgresEmbutido implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(PostgresEmbutido.class);

    private final EmbeddedPostgres servidor;

    private PostgresEmbutido(EmbeddedPostgres servidor) {
        this.servidor = servidor;
    }

    /**
     * Starts the server. {@code apagarAoFim} also removes the data directory once this JVM is gone (for
     * throw-away test databases).
     */
    public static PostgresEmbutido iniciar(Path diretorio, boolean duravel, boolean apagarAoFim) throws IOException {
        Files.createDirectories(diretorio);
        encerrarServidorOrfao(diretorio);
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                .setDataDirectory(diretorio)
                .setCleanDataDirectory(false)
                // Stopping is ordered by Spring (pool first, then server) and, if the JVM dies, by the watchdog
                // below. A JVM shutdown hook would race Spring's own and stop the server under live connections.
                .setRegisterShutdownHook(false)
                .setPGStartupWait(Duration.ofSeconds(60))
                .setServerConfig("max_connections", "300")
                .setServerConfig("listen_addresses", "localhost");
        for (String parametro : List.of("fsync", "synchronous_commit", "full_page_writes")) {
            builder.setServerConfig(parametro, duravel ? "on" : "off");
        }
        EmbeddedPostgres servidor = builder.start();
        vigiar(diretorio, apagarAoFim);
        log.info("PostgreSQL embutido ouvindo em localhost:{} com dados em {}", servidor.getPort(),
                diretorio.toAbsolutePath());
        return new PostgresEmbutido(servidor);
    }

    public UrlDoBanco url() {
        return new UrlDoBanco("jdbc:postgresql://localhost:" + servidor.getPort() + "/postgres", "postgres", null);
    }

    @Override
    public void close() throws IOException {
        servidor.close();
    }

    /**
     * A small shell process that outlives this JVM: once the JVM is gone (even after SIGKILL), it stops the server
     * if it is still running (its pid file is still there) and optionally removes the data directory.
     */
    private static void vigiar(Path diretorio, boolean apagarAoFim) {
        String dir = diretorio.toAbsolutePath().toString().replace("'", "'\\''");
        String script = "while kill -0 " + ProcessHandle.current().pid() + " 2>/dev/null; do sleep 1; done; "
                + "if [ -f '" + dir + "/postmaster.pid' ]; then kill -INT $(head -1 '" + dir + "/postmaster.pid') "
                + "2>/dev/null; for i in $(seq 1 30); do [ -f '" + dir + "/postmaster.pid' ] || break; sleep 1; done; fi"
                + (apagarAoFim ? "; rm -rf '" + dir + "'" : "");
        try {
            new ProcessBuilder("sh", "-c", script)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
        } catch (IOException e) {
            log.warn("Sem vigia para o PostgreSQL embutido: se a JVM morrer, ele fica no ar até o próximo início", e);
        }
    }

    /**
     * {@code pg_ctl start} detaches the server, so a JVM killed with SIGKILL leaves it running on the data
     * directory and the next start would fail on its lock file. Such a server is stopped first, but only when no
     * running application holds the directory: each one holds zonky's {@code epg-lock} file lock, which the OS
     * releases when its JVM dies. A directory in use refuses to start a second application instead.
     */
    private static void encerrarServidorOrfao(Path diretorio) throws IOException {
        Path pidFile = diretorio.resolve("postmaster.pid");
        if (!Files.exists(pidFile)) {
            return;
        }
        try (FileChannel canal = FileChannel.open(diretorio.resolve("epg-lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE); FileLock trava = canal.tryLock()) {
            if (trava == null) {
                throw new IllegalStateException("O banco embutido em " + diretorio.toAbsolutePath()
                        + " já está em uso por outra instância; use outro DATA_DIR ou um DATABASE_URL compartilhado");
            }
            long pid = Long.parseLong(Files.readAllLines(pidFile, StandardCharsets.UTF_8).get(0).strip());
            Optional<ProcessHandle> processo = ProcessHandle.of(pid)
                    .filter(ProcessHandle::isAlive)
                    .filter(p -> p.info().command().map(c -> c.contains("postgres")).orElse(false));
            if (processo.isPresent()) {
                log.warn("Encerrando o PostgreSQL (pid {}) deixado por uma execução anterior em {}", pid, diretorio);
                // SIGINT is PostgreSQL's fast shutdown: it disconnects clients instead of waiting for them.
                new ProcessBuilder("kill", "-INT", Long.toString(pid)).start().waitFor(5, TimeUnit.SECONDS);
                processo.get().onExit().get(60, TimeUnit.SECONDS);
            }
        } catch (OverlappingFileLockException e) {
            throw new IllegalStateException("O banco embutido em " + diretorio.toAbsolutePath()
                    + " já está em uso nesta JVM", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrompido ao encerrar o PostgreSQL anterior", e);
        } catch (ExecutionException | TimeoutException | NumberFormatException | IndexOutOfBoundsException e) {
            throw new IOException("Não foi possível encerrar o PostgreSQL anterior em " + diretorio + ": " + e, e);
        }
    }
}
