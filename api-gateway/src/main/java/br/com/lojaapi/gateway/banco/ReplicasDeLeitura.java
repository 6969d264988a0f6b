package br.com.lojaapi.gateway.banco;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.util.DriverDataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

/**
 * The PostgreSQL hot standbys that store-API reads may use ({@code DATABASE_REPLICA_URLS}, decision 074), each with a
 * small pool of its own, and what this node knows of each. A monitor thread polls, every {@value #SONDAGEM_MS} ms, the
 * primary's {@code pg_current_wal_lsn()} and each replica's {@code pg_last_wal_replay_lsn()}, on connections of its
 * own outside the pools. A replica's lag is how long ago the primary first had a position the replica has not
 * replayed yet (0 when it replayed everything the primary had at the last poll). A replica is in use while it
 * answers, is still a standby, lags at most {@code DATABASE_REPLICA_MAX_LAG} and has not failed a read in the last
 * second; a read for a token goes to one only if its replay position is at or past the token's last write
 * ({@link #escolher}). Replica connections never go through {@link LinhaDoTempo}: a replica is legitimately behind.
 * <p>
 * With no replica configured ({@link #nenhuma()}) there is no thread, no pool and no statement: every read is the
 * primary's.
 */
public final class ReplicasDeLeitura implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ReplicasDeLeitura.class);

    /** Request attribute: the primary's WAL position at the end of the token's last write ({@link Lsn}, a Long). */
    public static final String POSICAO_DA_ESCRITA = ReplicasDeLeitura.class.getName() + ".posicaoDaEscrita";

    static final long SONDAGEM_MS = 200;
    private static final int SONDA_SEGUNDOS = 2;
    /** A replica that failed a read is left out this long at least, then the monitor judges it again. */
    private static final long FORA_APOS_FALHA_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** Several JDBC URLs in one setting: a comma starts a new one only where a URL begins. */
    private static final Pattern SEPARADOR = Pattern.compile(",\\s*(?=jdbc:postgresql:|postgres(ql)?://)");
    private static final Pattern CREDENCIAIS = Pattern.compile("(?i)([?&])(user|password)=[^&]*");

    /** One replica and what the monitor last saw of it. */
    public static final class Replica {

        private final String nome;
        private final UrlDoBanco url;
        private final HikariDataSource pool;
        private volatile boolean alcancavel;
        private volatile boolean emUso;
        private volatile long reproduzida = Lsn.NENHUMA;
        private volatile long atrasoNanos = -1;
        private volatile long foraAte = System.nanoTime();
        private volatile String motivo = "ainda não sondada";
        /** The monitor's own connection: touched by the monitor thread only. */
        private Connection sonda;

        private Replica(String nome, UrlDoBanco url, HikariDataSource pool) {
            this.nome = nome;
            this.url = url;
            this.pool = pool;
        }

        /** {@code replica-1}, {@code replica-2}...: in the order of the setting. */
        public String nome() {
            return nome;
        }

        HikariDataSource pool() {
            return pool;
        }

        /** The replay position at the monitor's last poll: the replica has replayed at least this much now. */
        public long reproduzida() {
            return reproduzida;
        }
    }

    /** What {@code GET /admin/replicas} shows of a replica. */
    public record Estado(String nome, String url, boolean emUso, boolean alcancavel, Long atrasoMs,
                         String lsnReproduzida, String motivo) {
    }

    private final List<Replica> replicas;
    private final UrlDoBanco primario;
    private final long atrasoMaximoNanos;
    private final ScheduledExecutorService vigia;
    private final AtomicInteger vez = new AtomicInteger();
    /** The primary's positions by time, oldest first, {nanoTime, lsn}: touched by the monitor thread only. */
    private final ArrayDeque<long[]> amostras = new ArrayDeque<>();
    private Connection sondaDoPrimario;
    private volatile long lsnDoPrimario = Lsn.NENHUMA;

    private ReplicasDeLeitura(List<Replica> replicas, UrlDoBanco primario, Duration atrasoMaximo) {
        this.replicas = List.copyOf(replicas);
        this.primario = primario;
        this.atrasoMaximoNanos = atrasoMaximo.toNanos();
        if (this.replicas.isEmpty()) {
            this.vigia = null;
            return;
        }
        this.vigia = Executors.newSingleThreadScheduledExecutor(tarefa -> {
            Thread thread = new Thread(tarefa, "vigia-das-replicas");
            thread.setDaemon(true);
            return thread;
        });
        vigia.scheduleWithFixedDelay(this::sondar, 0, SONDAGEM_MS, TimeUnit.MILLISECONDS);
    }

    /** No replica: every read on the primary, nothing running. */
    public static ReplicasDeLeitura nenhuma() {
        return new ReplicasDeLeitura(List.of(), null, Duration.ZERO);
    }

    /**
     * The replicas of {@code urls} (comma-separated JDBC or libpq URLs; {@code usuario}/{@code senha}, when set, win
     * over the URLs' own credentials, as for {@code DATABASE_URL}), each with a pool of {@code tamanhoDoPool}.
     */
    public static ReplicasDeLeitura de(String urls, String usuario, String senha, UrlDoBanco primario,
                                       Duration atrasoMaximo, int tamanhoDoPool) {
        if (atrasoMaximo.isNegative() || atrasoMaximo.isZero()) {
            throw new IllegalArgumentException("DATABASE_REPLICA_MAX_LAG deve ser positivo: " + atrasoMaximo);
        }
        List<Replica> replicas = new ArrayList<>();
        for (String texto : SEPARADOR.split(urls.strip())) {
            if (texto.isBlank()) {
                continue;
            }
            UrlDoBanco url;
            try {
                url = UrlDoBanco.interpretar(texto, usuario, senha);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("DATABASE_REPLICA_URLS: " + e.getMessage()
                        .replace("DATABASE_URL", "cada URL"), e);
            }
            String nome = "replica-" + (replicas.size() + 1);
            replicas.add(new Replica(nome, url, pool(nome, url, tamanhoDoPool)));
        }
        if (replicas.isEmpty()) {
            return nenhuma();
        }
        ReplicasDeLeitura todas = new ReplicasDeLeitura(replicas, primario, atrasoMaximo);
        log.info("Leituras da API em réplicas: {} (atraso máximo {} ms)", todas.replicas.stream()
                .map(r -> r.nome + " " + semCredenciais(r.url.jdbcUrl())).toList(), atrasoMaximo.toMillis());
        return todas;
    }

    /**
     * A replica's pool: small, opening no connection at start (the replica may be down; the node starts all the
     * same), and giving up on a connection after Hikari's minimum wait, since the read then goes to the primary.
     */
    private static HikariDataSource pool(String nome, UrlDoBanco url, int tamanho) {
        Properties propriedades = new Properties();
        propriedades.setProperty("connectTimeout", Integer.toString(SONDA_SEGUNDOS));
        propriedades.setProperty("loginTimeout", Integer.toString(SONDA_SEGUNDOS));
        propriedades.setProperty("ApplicationName", "loja-api-leitura");
        HikariConfig config = new HikariConfig();
        config.setDataSource(new DriverDataSource(url.jdbcUrl(), null, propriedades, url.usuario(), url.senha()));
        config.setMaximumPoolSize(tamanho);
        config.setMinimumIdle(Math.min(2, tamanho));
        config.setPoolName("loja-api-" + nome);
        config.setConnectionTimeout(250);
        config.setValidationTimeout(250);
        config.setInitializationFailTimeout(-1);
        return new HikariDataSource(config);
    }

    public boolean ativas() {
        return !replicas.isEmpty();
    }

    public List<Replica> replicas() {
        return replicas;
    }

    /**
     * A replica in use that has replayed at least {@code lsnMinimo} (by the monitor's last poll, so it has at least
     * that now), taking turns among them; null when none has: the read goes to the primary.
     */
    public Replica escolher(long lsnMinimo) {
        int quantas = replicas.size();
        if (quantas == 0) {
            return null;
        }
        int inicio = Math.floorMod(vez.getAndIncrement(), quantas);
        long agora = System.nanoTime();
        for (int i = 0; i < quantas; i++) {
            Replica replica = replicas.get((inicio + i) % quantas);
            if (replica.emUso && replica.reproduzida >= lsnMinimo && agora - replica.foraAte >= 0) {
                return replica;
            }
        }
        return null;
    }

    /** A read failed on the replica: it is left out at once, and judged again by the monitor a second later. */
    public void afastar(Replica replica, Throwable causa) {
        replica.foraAte = System.nanoTime() + FORA_APOS_FALHA_NANOS;
        boolean estava = replica.emUso;
        replica.emUso = false;
        replica.motivo = "leitura falhou: " + resumo(causa);
        if (estava) {
            log.warn("Réplica {} fora de uso: uma leitura falhou nela ({}); suas leituras vão ao primário até que "
                    + "se recupere", replica.nome, resumo(causa));
        }
    }

    public List<Estado> estados() {
        return replicas.stream().map(r -> new Estado(r.nome, semCredenciais(r.url.jdbcUrl()), r.emUso, r.alcancavel,
                r.atrasoNanos < 0 ? null : TimeUnit.NANOSECONDS.toMillis(r.atrasoNanos),
                r.reproduzida == Lsn.NENHUMA ? null : Lsn.texto(r.reproduzida), r.emUso ? null : r.motivo)).toList();
    }

    /** The primary's WAL position at the monitor's last poll. */
    public long lsnDoPrimario() {
        return lsnDoPrimario;
    }

    // --------------------------------------------------------------------------------------------------- monitor

    private void sondar() {
        try {
            long agora = System.nanoTime();
            sondarPrimario(agora);
            for (Replica replica : replicas) {
                sondar(replica, agora);
            }
        } catch (RuntimeException e) {
            // A task that throws is never run again: the replicas would keep their last state forever.
            log.warn("Sondagem das réplicas falhou: {}", e.toString());
        }
    }

    private void sondarPrimario(long agora) {
        try {
            if (sondaDoPrimario == null) {
                sondaDoPrimario = DriverManager.getConnection(primario.jdbcUrl(),
                        primario.propriedades("loja-api-vigia-das-replicas", SONDA_SEGUNDOS, SONDA_SEGUNDOS));
            }
            long lsn = Lsn.ler(consultar(sondaDoPrimario, "SELECT pg_current_wal_lsn()::text")[0]);
            lsnDoPrimario = lsn;
            if (amostras.isEmpty() || amostras.peekLast()[1] != lsn) {
                amostras.addLast(new long[]{agora, lsn});
            }
            // Older samples only matter to say "further behind than the maximum"; the newest always stays.
            while (amostras.size() > 1 && agora - amostras.peekFirst()[0] > atrasoMaximoNanos + 2_000_000_000L) {
                amostras.removeFirst();
            }
        } catch (SQLException e) {
            // The primary out of reach: store reads cannot authenticate anyway; the samples taken stand.
            sondaDoPrimario = fechar(sondaDoPrimario);
        }
    }

    private void sondar(Replica replica, long agora) {
        String[] linha;
        try {
            if (replica.sonda == null) {
                replica.sonda = DriverManager.getConnection(replica.url.jdbcUrl(),
                        replica.url.propriedades("loja-api-vigia-das-replicas", SONDA_SEGUNDOS, SONDA_SEGUNDOS));
            }
            linha = consultar(replica.sonda, "SELECT pg_last_wal_replay_lsn()::text, pg_is_in_recovery()::text");
        } catch (SQLException e) {
            replica.sonda = fechar(replica.sonda);
            replica.alcancavel = false;
            mudar(replica, false, "inacessível: " + resumo(e));
            return;
        }
        replica.alcancavel = true;
        if (!"true".equals(linha[1]) || linha[0] == null) {
            // promoted, or a primary given by mistake: its data is no copy of this primary's
            mudar(replica, false, "não é um standby em recuperação");
            return;
        }
        long reproduzida = Lsn.ler(linha[0]);
        replica.reproduzida = reproduzida;
        long atraso = atraso(reproduzida, agora);
        replica.atrasoNanos = atraso;
        if (atraso > atrasoMaximoNanos) {
            mudar(replica, false, "atrasada " + TimeUnit.NANOSECONDS.toMillis(atraso) + " ms");
        } else if (agora - replica.foraAte < 0) {
            // left out after a failed read: judged again once its second is over
        } else {
            mudar(replica, true, null);
        }
    }

    /** How long ago the primary first had a position past {@code reproduzida}; 0 if it has none. */
    private long atraso(long reproduzida, long agora) {
        for (long[] amostra : amostras) {
            if (amostra[1] > reproduzida) {
                return agora - amostra[0];
            }
        }
        return 0;
    }

    private void mudar(Replica replica, boolean emUso, String motivo) {
        boolean estava = replica.emUso;
        if (motivo != null) {
            replica.motivo = motivo;
        }
        replica.emUso = emUso;
        if (estava && !emUso) {
            log.warn("Réplica {} fora de uso: {}; suas leituras vão ao primário até que se recupere", replica.nome,
                    motivo);
        } else if (!estava && emUso) {
            log.info("Réplica {} em uso para leituras", replica.nome);
        }
    }

    private static String[] consultar(Connection conexao, String sql) throws SQLException {
        try (Statement comando = conexao.createStatement(); ResultSet rs = comando.executeQuery(sql)) {
            rs.next();
            String[] linha = new String[rs.getMetaData().getColumnCount()];
            for (int i = 0; i < linha.length; i++) {
                linha[i] = rs.getString(i + 1);
            }
            return linha;
        }
    }

    private static Connection fechar(Connection conexao) {
        if (conexao != null) {
            try {
                conexao.close();
            } catch (SQLException e) {
                // already broken
            }
        }
        return null;
    }

    private static String resumo(Throwable causa) {
        for (Throwable t = causa; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && sql.getSQLState() != null) {
                return "SQLState " + sql.getSQLState();
            }
        }
        return causa.getClass().getSimpleName();
    }

    /** A JDBC URL without the user and password it may carry as parameters. */
    static String semCredenciais(String jdbcUrl) {
        String sem = CREDENCIAIS.matcher(jdbcUrl).replaceAll("$1");
        return sem.replaceAll("[?&]+$", "").replace("?&", "?").replaceAll("&&+", "&");
    }

    @Override
    public void close() {
        if (vigia != null) {
            vigia.shutdownNow();
            try {
                vigia.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (Replica replica : replicas) {
            replica.sonda = fechar(replica.sonda);
            replica.pool.close();
        }
        sondaDoPrimario = fechar(sondaDoPrimario);
    }
}
