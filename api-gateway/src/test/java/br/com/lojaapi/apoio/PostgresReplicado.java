package br.com.lojaapi.apoio;

import br.com.lojaapi.gateway.banco.UrlDoBanco;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * A PostgreSQL primary and one streaming standby, from Debian's PostgreSQL 15 binaries
 * ({@code /usr/lib/postgresql/15/bin}, or the directory in the system property or environment variable
 * {@value #PG_BIN}): for what a single server cannot show, losing the primary and promoting its standby. Both listen
 * on 127.0.0.1 only, on ports free when they start, with trust authentication for every user and for replication, and
 * hold the database {@code loja}. Their data lives in a temporary directory removed by {@link #close()}; each
 * server's log, and the output of the tools run for it, go to {@code target/pg-replicado/}.
 * <p>
 * PostgreSQL refuses to run as root: as root, every server and tool runs as the user {@code postgres}
 * ({@code runuser -u postgres --}), and the data directories belong to it.
 * <p>
 * {@link Modo#SINCRONO}: the primary waits for the standby to have flushed each commit before acknowledging it
 * ({@code synchronous_standby_names = 'espera'}, the standby's {@code application_name}), so a commit the primary
 * acknowledged survives the primary's loss. {@link Modo#ASSINCRONO}: it does not wait, and a standby may be behind.
 * The standby never has synchronous names of its own: promoted, it commits without waiting for anyone.
 */
public final class PostgresReplicado implements AutoCloseable {

    public static final String PG_BIN = "PG_BIN";
    private static final String BINARIOS_DO_DEBIAN = "/usr/lib/postgresql/15/bin";
    private static final String BANCO = "loja";
    private static final String USUARIO = "postgres";
    /** The standby's name as the primary sees it, and the one synchronous name the primary waits for. */
    private static final String NOME_DO_STANDBY = "espera";
    private static final Duration ESPERA = Duration.ofSeconds(60);

    /** Whether the primary waits for the standby on each commit. */
    public enum Modo { SINCRONO, ASSINCRONO }

    /** The two servers, by the role each had at the start: after {@link #promover()} the standby is the primary. */
    public enum Servidor { PRIMARIO, STANDBY }

    private final Path bin;
    private final Path raiz;
    private final Path logs;
    private final boolean comoRoot;
    private final Map<Servidor, Integer> portas = new LinkedHashMap<>();
    private final Map<Servidor, Path> dados = new LinkedHashMap<>();
    /** Servers killed: their pid file stays behind, and its pid may belong to another process by the time we stop. */
    private final Set<Servidor> mortos = EnumSet.noneOf(Servidor.class);
    private final Thread aoSair;
    private boolean fechado;

    private PostgresReplicado(Path bin, Path raiz, Path logs, boolean comoRoot) {
        this.bin = bin;
        this.raiz = raiz;
        this.logs = logs;
        this.comoRoot = comoRoot;
        // A test run that dies leaves no server behind.
        this.aoSair = new Thread(this::pararTudo, "pg-replicado-ao-sair");
        Runtime.getRuntime().addShutdownHook(aoSair);
    }

    /**
     * Starts the primary, copies it into a standby with pg_basebackup, starts the standby and returns once the
     * primary shows it streaming ({@code pg_stat_replication}), as {@code sync} in {@link Modo#SINCRONO}.
     */
    public static PostgresReplicado iniciar(Modo modo) {
        Path bin = binarios();
        boolean comoRoot = root();
        try {
            Path raiz = Files.createTempDirectory("loja-pg-replicado");
            String rotulo = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS"));
            Path logs = Path.of("target", "pg-replicado", rotulo).toAbsolutePath();
            Files.createDirectories(logs);
            PostgresReplicado pg = new PostgresReplicado(bin, raiz, logs, comoRoot);
            try {
                pg.montar(modo);
                return pg;
            } catch (RuntimeException | Error e) {
                pg.close();
                throw e;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void montar(Modo modo) throws IOException {
        if (comoRoot) {
            executar("preparar " + raiz, null, List.of("chown", USUARIO + ":", raiz.toString()), false);
        }
        int primeira = portaLivre();
        int segunda;
        do {
            segunda = portaLivre();
        } while (segunda == primeira);
        portas.put(Servidor.PRIMARIO, primeira);
        portas.put(Servidor.STANDBY, segunda);
        dados.put(Servidor.PRIMARIO, raiz.resolve("primario"));
        dados.put(Servidor.STANDBY, raiz.resolve("standby"));

        Path primario = dados.get(Servidor.PRIMARIO);
        comoPostgres(Servidor.PRIMARIO, "initdb", "-D", primario.toString(), "-U", USUARIO, "--auth=trust",
                "-E", "UTF8", "--locale=C", "--no-sync");
        escreverComoPostgres(primario.resolve("pg_hba.conf"), """
                host all         all 127.0.0.1/32 trust
                host replication all 127.0.0.1/32 trust
                """, false);
        escreverComoPostgres(primario.resolve("postgresql.conf"), """

                # PostgresReplicado
                listen_addresses = '127.0.0.1'
                unix_socket_directories = ''
                wal_level = replica
                max_wal_senders = 5
                wal_keep_size = '256MB'
                hot_standby = on
                synchronous_commit = on
                max_connections = 100
                shared_buffers = '64MB'
                log_line_prefix = '%m [%p] %q%a '
                """, true);
        iniciarServidor(Servidor.PRIMARIO);
        executarSql(Servidor.PRIMARIO, "CREATE DATABASE " + BANCO);

        Path standby = dados.get(Servidor.STANDBY);
        comoPostgres(Servidor.STANDBY, "pg_basebackup", "-h", "127.0.0.1", "-p",
                Integer.toString(portas.get(Servidor.PRIMARIO)), "-U", USUARIO, "-D", standby.toString(),
                "-X", "stream", "--checkpoint=fast", "--no-sync");
        escreverComoPostgres(standby.resolve("standby.signal"), "", false);
        escreverComoPostgres(standby.resolve("postgresql.auto.conf"), "primary_conninfo = 'host=127.0.0.1 port="
                + portas.get(Servidor.PRIMARIO) + " user=" + USUARIO + " application_name=" + NOME_DO_STANDBY
                + "'\n", true);
        iniciarServidor(Servidor.STANDBY);

        // Only now, so that neither the database's creation waits for a standby that is not there yet, nor the
        // standby inherits the setting from its copy (promoted, it would wait for a standby of its own forever).
        if (modo == Modo.SINCRONO) {
            executarSql(Servidor.PRIMARIO, "ALTER SYSTEM SET synchronous_standby_names = '" + NOME_DO_STANDBY + "'");
            executarSql(Servidor.PRIMARIO, "SELECT pg_reload_conf()");
        }
        String estado = modo == Modo.SINCRONO ? "sync" : "async";
        aguardar("o standby transmitindo em modo " + estado, () -> !sql(Servidor.PRIMARIO,
                "SELECT 1 FROM pg_stat_replication WHERE application_name = '" + NOME_DO_STANDBY
                + "' AND state = 'streaming' AND sync_state = '" + estado + "'").isEmpty());
    }

    /**
     * The service's URL: both servers, the primary first, and the driver connects to whichever accepts writes
     * ({@code targetServerType=primary}).
     */
    public UrlDoBanco urlJdbc() {
        return new UrlDoBanco("jdbc:postgresql://127.0.0.1:" + portas.get(Servidor.PRIMARIO) + ",127.0.0.1:"
                + portas.get(Servidor.STANDBY) + "/" + BANCO + "?targetServerType=primary", USUARIO, null);
    }

    public int porta(Servidor servidor) {
        return portas.get(servidor);
    }

    /**
     * kill -9 of the primary's postmaster (its pid read from postmaster.pid): no shutdown, no checkpoint, no goodbye
     * to its clients or its standby. Returns once its port refuses connections. Its backends and WAL sender, orphaned,
     * end on their own as soon as they notice (PostgreSQL checks for the postmaster's death whenever it waits); a
     * backend waiting for the standby's confirmation ends without acknowledging its commit.
     */
    public void matarPrimario() {
        Path pidFile = dados.get(Servidor.PRIMARIO).resolve("postmaster.pid");
        String pid;
        try {
            pid = Files.readAllLines(pidFile).get(0).strip();
        } catch (IOException e) {
            throw new IllegalStateException("sem " + pidFile + ": o primário não está rodando", e);
        }
        executar("kill -9 " + pid, null, List.of("kill", "-9", pid), false);
        synchronized (this) {
            mortos.add(Servidor.PRIMARIO);
        }
        aguardar("a porta do primário recusar conexões", () -> !aceita(portas.get(Servidor.PRIMARIO)));
    }

    /** {@code pg_ctl promote -w} on the standby; the moment the promotion completed (pg_ctl returned). */
    public Instant promover() {
        comoPostgres(Servidor.STANDBY, "pg_ctl", "promote", "-w", "-t", Long.toString(ESPERA.toSeconds()), "-D",
                dados.get(Servidor.STANDBY).toString());
        return Instant.now();
    }

    /**
     * Stops the standby's replication: its {@code primary_conninfo} emptied ({@code ALTER SYSTEM}, reloaded), so it
     * keeps what it has and receives nothing more. Returns once the primary no longer lists it. Only meaningful in
     * {@link Modo#ASSINCRONO}: in {@link Modo#SINCRONO} every commit on the primary would then wait for it forever.
     */
    public void cortarStandby() {
        executarSql(Servidor.STANDBY, "ALTER SYSTEM SET primary_conninfo = ''");
        executarSql(Servidor.STANDBY, "SELECT pg_reload_conf()");
        aguardar("o primário deixar de listar o standby", () -> sql(Servidor.PRIMARIO,
                "SELECT 1 FROM pg_stat_replication WHERE application_name = '" + NOME_DO_STANDBY + "'").isEmpty());
    }

    /** The rows of a query on one server's database {@code loja}, each column by its label, in order. */
    public List<Map<String, Object>> sql(Servidor servidor, String consulta) {
        try (Connection conexao = conectar(servidor, BANCO);
             Statement comando = conexao.createStatement()) {
            List<Map<String, Object>> linhas = new ArrayList<>();
            if (!comando.execute(consulta)) {
                return linhas;
            }
            try (ResultSet rs = comando.getResultSet()) {
                ResultSetMetaData meta = rs.getMetaData();
                while (rs.next()) {
                    Map<String, Object> linha = new LinkedHashMap<>();
                    for (int i = 1; i <= meta.getColumnCount(); i++) {
                        linha.put(meta.getColumnLabel(i), rs.getObject(i));
                    }
                    linhas.add(linha);
                }
            }
            return linhas;
        } catch (SQLException e) {
            throw new IllegalStateException("SQL em " + servidor + " (porta " + portas.get(servidor) + "): "
                    + consulta + ": " + e.getMessage(), e);
        }
    }

    /**
     * kill -9 of the standby's postmaster, as {@link #matarPrimario()} does to the primary: a read replica lost under
     * load. Returns once its port refuses connections. Its pid file is removed, so that nothing stops the pid in it
     * later: by then it may belong to another process.
     */
    public void matarStandby() {
        Path pidFile = dados.get(Servidor.STANDBY).resolve("postmaster.pid");
        String pid;
        try {
            pid = Files.readAllLines(pidFile).get(0).strip();
        } catch (IOException e) {
            throw new IllegalStateException("sem " + pidFile + ": o standby não está rodando", e);
        }
        executar("kill -9 " + pid, null, List.of("kill", "-9", pid), false);
        aguardar("a porta do standby recusar conexões", () -> !aceita(portas.get(Servidor.STANDBY)));
        try {
            Files.deleteIfExists(pidFile);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where each server's log is, for a failure message. */
    public Path logs() {
        return logs;
    }

    /** Stops both servers (immediate mode: nothing is left to save) and removes their data. */
    @Override
    public synchronized void close() {
        if (fechado) {
            return;
        }
        fechado = true;
        pararTudo();
        BancoDeTestes.apagar(raiz);
        try {
            Runtime.getRuntime().removeShutdownHook(aoSair);
        } catch (IllegalStateException e) {
            // the JVM is already exiting: the hook runs anyway
        }
    }

    private synchronized void pararTudo() {
        for (Servidor servidor : dados.keySet()) {
            Path diretorio = dados.get(servidor);
            if (!mortos.contains(servidor) && Files.exists(diretorio.resolve("postmaster.pid"))) {
                try {
                    executar("parar " + servidor, logDe(servidor), comando("pg_ctl", "stop", "-m", "immediate",
                            "-w", "-D", diretorio.toString()), false);
                } catch (RuntimeException e) {
                    // it died on its own: nothing to stop
                }
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------------

    private void iniciarServidor(Servidor servidor) {
        comoPostgres(servidor, "pg_ctl", "start", "-w", "-t", Long.toString(ESPERA.toSeconds()), "-D",
                dados.get(servidor).toString(), "-o", "-p " + portas.get(servidor));
    }

    /** A PostgreSQL program as the user postgres; its output (and, for a server, the server's) goes to the log. */
    private void comoPostgres(Servidor servidor, String programa, String... argumentos) {
        List<String> linha = new ArrayList<>(List.of(argumentos));
        linha.add(0, programa);
        executar(String.join(" ", linha), logDe(servidor), comando(linha.toArray(String[]::new)), true);
    }

    private List<String> comando(String... linha) {
        List<String> comando = new ArrayList<>();
        if (comoRoot) {
            comando.addAll(List.of("runuser", "-u", USUARIO, "--"));
        }
        comando.add(bin.resolve(linha[0]).toString());
        comando.addAll(List.of(linha).subList(1, linha.length));
        return comando;
    }

    /**
     * Runs a command to its end, its output appended to {@code log} (pg_ctl start leaves the server writing there:
     * it inherits the file, opened here, so a server running as postgres logs under a root-owned target/).
     */
    private void executar(String descricao, Path log, List<String> comando, boolean falharComLog) {
        ProcessBuilder construtor = new ProcessBuilder(comando).directory(raiz.toFile()).redirectErrorStream(true);
        Path saida = log != null ? log : logs.resolve("comandos.log");
        construtor.redirectOutput(ProcessBuilder.Redirect.appendTo(saida.toFile()));
        try {
            Process processo = construtor.start();
            if (!processo.waitFor(ESPERA.toSeconds() + 30, TimeUnit.SECONDS)) {
                processo.destroyForcibly();
                throw new IllegalStateException(descricao + ": não terminou em " + ESPERA + cauda(saida));
            }
            if (processo.exitValue() != 0) {
                throw new IllegalStateException(descricao + ": saiu com " + processo.exitValue()
                        + (falharComLog ? cauda(saida) : ""));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(descricao, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(descricao + ": interrompido", e);
        }
    }

    /** Writes a configuration file of a data directory, which belongs to postgres. */
    private void escreverComoPostgres(Path arquivo, String texto, boolean acrescentar) throws IOException {
        if (acrescentar) {
            Files.writeString(arquivo, texto, StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
        } else {
            Files.writeString(arquivo, texto, StandardCharsets.UTF_8);
        }
        if (comoRoot) {
            executar("chown " + arquivo, null, List.of("chown", USUARIO + ":", arquivo.toString()), false);
        }
    }

    private void executarSql(Servidor servidor, String sql) {
        try (Connection conexao = conectar(servidor, "postgres");
             Statement comando = conexao.createStatement()) {
            comando.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("SQL em " + servidor + ": " + sql + ": " + e.getMessage()
                    + cauda(logDe(servidor)), e);
        }
    }

    private Connection conectar(Servidor servidor, String banco) throws SQLException {
        Properties propriedades = new Properties();
        propriedades.setProperty("user", USUARIO);
        propriedades.setProperty("connectTimeout", "5");
        propriedades.setProperty("socketTimeout", "30");
        propriedades.setProperty("ApplicationName", "pg-replicado");
        return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + portas.get(servidor) + "/" + banco,
                propriedades);
    }

    private Path logDe(Servidor servidor) {
        return logs.resolve(servidor.name().toLowerCase() + ".log");
    }

    private void aguardar(String oQue, BooleanSupplier condicao) {
        long fim = System.nanoTime() + ESPERA.toNanos();
        while (!condicao.getAsBoolean()) {
            if (System.nanoTime() > fim) {
                throw new IllegalStateException("esperava " + oQue + " em " + ESPERA + "; logs em " + logs);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    private static boolean aceita(int porta) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", porta), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static String cauda(Path log) {
        try {
            List<String> linhas = Files.readAllLines(log);
            return ":\n" + String.join("\n", linhas.subList(Math.max(0, linhas.size() - 40), linhas.size()));
        } catch (IOException e) {
            return " (sem log em " + log + ")";
        }
    }

    private static Path binarios() {
        String configurado = System.getProperty(PG_BIN, System.getenv(PG_BIN));
        Path bin = Path.of(configurado == null || configurado.isBlank() ? BINARIOS_DO_DEBIAN : configurado);
        for (String programa : List.of("initdb", "pg_ctl", "pg_basebackup", "postgres")) {
            if (!Files.isExecutable(bin.resolve(programa))) {
                throw new IllegalStateException("PostgreSQL 15 não encontrado: falta " + bin.resolve(programa)
                        + ". Instale o pacote postgresql-15 do Debian (o .ci/run o instala) ou aponte " + PG_BIN
                        + " (propriedade de sistema ou variável de ambiente) para o diretório bin de outro.");
            }
        }
        return bin;
    }

    private static boolean root() {
        try {
            Process id = new ProcessBuilder("id", "-u").redirectErrorStream(true).start();
            String uid = new String(id.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            id.waitFor(10, TimeUnit.SECONDS);
            return "0".equals(uid);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static int portaLivre() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
