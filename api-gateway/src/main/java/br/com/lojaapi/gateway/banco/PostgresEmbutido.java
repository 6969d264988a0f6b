package br.com.lojaapi.gateway.banco;

import br.com.lojaapi.gateway.infra.ArquivoSecreto;
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
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A real PostgreSQL server started by the application from the binaries delivered by Maven (zonky), with its data
 * directory kept across restarts. Durability settings are those of a normal server: zonky's test defaults turn
 * fsync and synchronous commit off. No connection gets in without the superuser's password, kept next to the data
 * directory ({@link SenhaDoBancoEmbutido}); zonky's own default, {@code initdb -A trust}, let any local process in.
 */
public final class PostgresEmbutido implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(PostgresEmbutido.class);

    private final EmbeddedPostgres servidor;
    private final String senha;

    private PostgresEmbutido(EmbeddedPostgres servidor, String senha) {
        this.servidor = servidor;
        this.senha = senha;
    }

    /**
     * Starts the server. Its password is kept in {@link #arquivoDaSenha} (created on the first start); a data
     * directory an earlier version left without one is made to require it, data kept. {@code apagarAoFim} also
     * removes the data directory and the password file once this JVM is gone (for throw-away test databases).
     */
    public static PostgresEmbutido iniciar(Path diretorio, boolean duravel, boolean apagarAoFim) throws IOException {
        return iniciar(diretorio, duravel, apagarAoFim, 0);
    }

    /**
     * The same on a given port ({@code 0}: any free one), so that a server stopped and started again on its data
     * directory is found where its clients' URL says.
     */
    public static PostgresEmbutido iniciar(Path diretorio, boolean duravel, boolean apagarAoFim, int porta)
            throws IOException {
        return iniciar(diretorio, duravel, apagarAoFim, porta, Duration.ofSeconds(60));
    }

    /** The same, waiting at most {@code espera} for the server to accept the password. */
    static PostgresEmbutido iniciar(Path diretorio, boolean duravel, boolean apagarAoFim, int porta, Duration espera)
            throws IOException {
        Files.createDirectories(diretorio);
        encerrarServidorOrfao(diretorio);
        Path arquivoDaSenha = SenhaDoBancoEmbutido.arquivo(diretorio);
        Path hba = diretorio.resolve("pg_hba.conf");
        // zonky runs initdb exactly when postgresql.conf is missing.
        boolean existente = Files.exists(diretorio.resolve("postgresql.conf"));
        List<String> semSenha = existente && Files.exists(hba)
                ? SenhaDoBancoEmbutido.linhasSemSenha(Files.readString(hba, StandardCharsets.UTF_8)) : List.of();
        if (existente && semSenha.isEmpty() && !Files.exists(arquivoDaSenha)) {
            throw new IllegalStateException("O PostgreSQL embutido em " + diretorio.toAbsolutePath()
                    + " exige senha, mas o arquivo dela (" + arquivoDaSenha + ") não existe: restaure-o, ou troque "
                    + "scram-sha-256 por trust no pg_hba.conf para que o próximo início defina uma nova");
        }
        ArquivoSecreto.Lido senha = SenhaDoBancoEmbutido.lerOuCriar(arquivoDaSenha);
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                .setDataDirectory(diretorio)
                .setCleanDataDirectory(false)
                // Stopping is ordered by Spring (pool first, then server) and, if the JVM dies, by the watchdog
                // below. A JVM shutdown hook would race Spring's own and stop the server under live connections.
                .setRegisterShutdownHook(false)
                .setPGStartupWait(espera)
                .setServerConfig("max_connections", "300")
                .setServerConfig("listen_addresses", "localhost")
                // zonky's initdb takes "-A trust" and then "--key=value" for each of these: the later --auth wins,
                // so a new cluster requires the password, set from the file, on every pg_hba.conf line. (They come
                // from a HashMap in no set order: --auth-local or --auth-host here could be overridden by --auth.)
                .setLocaleConfig("auth", SenhaDoBancoEmbutido.METODO)
                .setLocaleConfig("pwfile", arquivoDaSenha.toString())
                // What zonky's readiness check connects with.
                .setConnectConfig("password", senha.valor());
        if (porta != 0) {
            builder.setPort(porta);
        }
        for (String parametro : List.of("fsync", "synchronous_commit", "full_page_writes")) {
            builder.setServerConfig(parametro, duravel ? "on" : "off");
        }
        EmbeddedPostgres servidor;
        try {
            servidor = builder.start();
        } catch (IOException | RuntimeException e) {
            pararServidorDeixado(diretorio);
            if (recusouASenha(e)) {
                throw new IllegalStateException("O PostgreSQL embutido em " + diretorio.toAbsolutePath()
                        + " recusou a senha guardada em " + arquivoDaSenha + ": restaure o arquivo, ou troque "
                        + "scram-sha-256 por trust no pg_hba.conf e apague o arquivo para que o próximo início defina"
                        + " uma nova", e);
            }
            throw e;
        }
        vigiar(diretorio, apagarAoFim);
        PostgresEmbutido embutido = new PostgresEmbutido(servidor, senha.valor());
        if (!semSenha.isEmpty()) {
            try {
                SenhaDoBancoEmbutido.exigir(embutido.url(), hba, senha.valor());
            } catch (SQLException | IOException | RuntimeException e) {
                embutido.close();
                throw new IOException("Não foi possível passar a exigir senha no PostgreSQL embutido em "
                        + diretorio.toAbsolutePath() + ": " + e.getMessage(), e);
            }
            log.warn("O PostgreSQL embutido em {} aceitava conexões locais sem senha ({} linha(s) trust no "
                     + "pg_hba.conf, de uma versão anterior ou postas à mão): o superusuário agora tem a senha "
                     + "guardada em {} (modo 0600), o pg_hba.conf exige {} e foi recarregado; os dados foram mantidos",
                    diretorio.toAbsolutePath(), semSenha.size(), arquivoDaSenha, SenhaDoBancoEmbutido.METODO);
        } else if (senha.criado()) {
            log.info("Senha do superusuário do PostgreSQL embutido gerada e guardada em {} (modo 0600)",
                    arquivoDaSenha);
        }
        log.info("PostgreSQL embutido ouvindo em localhost:{} com dados em {}; conexões exigem a senha de {}",
                servidor.getPort(), diretorio.toAbsolutePath(), arquivoDaSenha);
        return embutido;
    }

    /** Where the embedded server on {@code diretorio} keeps its superuser's password. */
    public static Path arquivoDaSenha(Path diretorio) {
        return SenhaDoBancoEmbutido.arquivo(diretorio);
    }

    public UrlDoBanco url() {
        return new UrlDoBanco("jdbc:postgresql://localhost:" + servidor.getPort() + "/postgres", "postgres", senha);
    }

    public int porta() {
        return servidor.getPort();
    }

    /** Whether a start failed because the server refused the password (SQLSTATE 28P01). */
    private static boolean recusouASenha(Throwable erro) {
        for (Throwable causa = erro; causa != null; causa = causa.getCause()) {
            if (causa instanceof SQLException sql && "28P01".equals(sql.getSQLState())) {
                return true;
            }
        }
        return false;
    }

    /**
     * zonky leaves the server running when its readiness check gives up (a refused password, say), and nothing
     * would stop it: no watchdog is watching yet. Only a server this JVM started is stopped: zonky still holds the
     * directory's {@code epg-lock} for it. A lock held by another process means that process's server.
     */
    private static void pararServidorDeixado(Path diretorio) {
        try (FileChannel canal = FileChannel.open(diretorio.resolve("epg-lock"), StandardOpenOption.WRITE);
             FileLock trava = canal.tryLock()) {
            return;
        } catch (OverlappingFileLockException nestaJvm) {
            // zonky's, from the start that just failed
        } catch (IOException e) {
            return;
        }
        servidorEm(diretorio).flatMap(ProcessHandle::of).ifPresent(processo -> {
            try {
                new ProcessBuilder("kill", "-INT", Long.toString(processo.pid())).start().waitFor(5, TimeUnit.SECONDS);
                processo.onExit().get(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (IOException | ExecutionException | TimeoutException e) {
                log.warn("O PostgreSQL (pid {}) em {} ficou no ar depois de um início que falhou", processo.pid(),
                        diretorio);
            }
        });
    }

    @Override
    public void close() throws IOException {
        servidor.close();
    }

    /**
     * A small shell process that outlives this JVM: once the JVM is gone (even after SIGKILL), it stops the server
     * this JVM started, if it is still running, and optionally removes the data directory and its password file.
     * It signals only that server: the pid in {@code postmaster.pid} is checked now to be a postgres on this data
     * directory, and the script gets its start time ({@link #inicio}) to signal the pid only while the process
     * holding it is still the one that started then. A pid reused after the server stopped (or a stale pid file)
     * is left alone. Without {@code /proc} nothing is signalled; the next start stops the orphan
     * ({@link #encerrarServidorOrfao}).
     */
    private static void vigiar(Path diretorio, boolean apagarAoFim) {
        String dir = diretorio.toAbsolutePath().toString().replace("'", "'\\''");
        String senha = SenhaDoBancoEmbutido.arquivo(diretorio).toString().replace("'", "'\\''");
        String parar = servidorEm(diretorio).flatMap(pid -> inicio(pid).map(inicio ->
                "P=" + pid + "; if [ \"$(" + INICIO_NO_SHELL + ")\" = '" + inicio + "' ]; then kill -INT $P 2>/dev/null; "
                        + "for i in $(seq 1 30); do [ -f '" + dir + "/postmaster.pid' ] || break; sleep 1; done; fi"))
                .orElse(":");
        if (parar.equals(":")) {
            log.warn("PostgreSQL embutido em {} sem processo verificável: se a JVM morrer, ele fica no ar até o "
                    + "próximo início", diretorio.toAbsolutePath());
        }
        String script = "while kill -0 " + ProcessHandle.current().pid() + " 2>/dev/null; do sleep 1; done; "
                + parar + (apagarAoFim ? "; rm -rf '" + dir + "' '" + senha + "'" : "");
        try {
            new ProcessBuilder("sh", "-c", script)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
        } catch (IOException e) {
            log.warn("Sem vigia para o PostgreSQL embutido: se a JVM morrer, ele fica no ar até o próximo início", e);
        }
    }

    /** The same start time as {@link #inicio}, read by the watchdog script for the pid in {@code $P}. */
    static final String INICIO_NO_SHELL = "sed 's/^.*) //' /proc/$P/stat 2>/dev/null | cut -d' ' -f20";

    /**
     * When the process started, in clock ticks since boot (field 22 of {@code /proc/<pid>/stat}): with the pid, it
     * names one process for the machine's uptime. Empty when the process is gone or there is no {@code /proc}.
     */
    static Optional<String> inicio(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.UTF_8);
            String[] campos = stat.substring(stat.lastIndexOf(") ") + 2).strip().split(" ");
            return campos.length > 19 && campos[19].matches("[0-9]+") ? Optional.of(campos[19]) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The pid in the directory's {@code postmaster.pid}, if it is a live postgres serving that directory. */
    static Optional<Long> servidorEm(Path diretorio) {
        try {
            long pid = Long.parseLong(Files.readAllLines(diretorio.resolve("postmaster.pid"), StandardCharsets.UTF_8)
                                           .get(0).strip());
            return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).filter(p -> {
                Path cwd = null;
                try {
                    cwd = Path.of("/proc", Long.toString(pid), "cwd").toRealPath();
                } catch (IOException | RuntimeException e) {
                    // no /proc, or not ours to read: the command line must say it
                }
                return eOPostgresDe(p.info().command(), p.info().arguments().map(List::of).orElse(List.of()),
                        Optional.ofNullable(cwd), diretorio);
            }).map(ProcessHandle::pid);
        } catch (IOException | NumberFormatException | IndexOutOfBoundsException e) {
            return Optional.empty();
        }
    }

    /**
     * Whether a process is a postgres server on {@code diretorio}: its executable is named {@code postgres} and
     * either its {@code -D} argument or its working directory (the postmaster changes into its data directory)
     * is that directory. A pid that merely was postgres once, or a postgres on another directory, is not.
     */
    static boolean eOPostgresDe(Optional<String> comando, List<String> argumentos, Optional<Path> cwd,
                                Path diretorio) {
        boolean postgres = comando.map(c -> Path.of(c).getFileName())
                                  .map(n -> n.toString().equals("postgres") || n.toString().equals("postgres.exe"))
                                  .orElse(false);
        if (!postgres) {
            return false;
        }
        int d = argumentos.indexOf("-D");
        if (d >= 0 && d + 1 < argumentos.size() && mesmoDiretorio(Path.of(argumentos.get(d + 1)), diretorio)) {
            return true;
        }
        return cwd.map(c -> mesmoDiretorio(c, diretorio)).orElse(false);
    }

    private static boolean mesmoDiretorio(Path a, Path b) {
        try {
            return Files.isSameFile(a, b);
        } catch (IOException | RuntimeException e) {
            return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
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
            Optional<ProcessHandle> processo = servidorEm(diretorio).flatMap(ProcessHandle::of);
            if (processo.isPresent()) {
                long pid = processo.get().pid();
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
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("Não foi possível encerrar o PostgreSQL anterior em " + diretorio + ": " + e, e);
        }
    }
}
