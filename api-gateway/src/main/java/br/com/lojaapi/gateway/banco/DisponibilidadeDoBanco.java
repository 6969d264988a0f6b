package br.com.lojaapi.gateway.banco;

import br.com.lojaapi.query.processamento.BancoDeVolta;
import br.com.lojaapi.query.processamento.QuedaDoBanco;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The one owner of "is PostgreSQL reachable". A failure that says it may not be ({@link Indisponibilidade}) is
 * confirmed by opening a connection of its own, outside the pool, before the service believes it: a connection
 * broken by a restart the service missed, or a bug using a closed one, is not an outage. Once confirmed, the
 * outage is logged once; connections are then refused at once instead of after the pool's wait
 * ({@link ConexoesVigiadas}), the pool stops trying to open new ones ({@link ConexoesNovas}), readiness is DOWN
 * ({@link SaudeDoBanco}) and the log drops what only repeats it ({@link SilencioDuranteAQueda}). A probe every
 * {@value #SONDAGEM_MS} ms notices the return, which is logged once and announced as {@link BancoDeVolta}.
 */
public class DisponibilidadeDoBanco implements QuedaDoBanco, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(DisponibilidadeDoBanco.class);
    static final long SONDAGEM_MS = 200;
    /** Bound on opening the probe's connection: a refused one fails at once, a black-holed host takes this long. */
    private static final int SONDA_SEGUNDOS = 2;
    /** A probe that found the server answering stands for this long, so a burst of broken connections probes once. */
    private static final long RESPOSTA_VALE_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final UrlDoBanco url;
    private final ApplicationEventPublisher eventos;
    private final ReentrantLock trava = new ReentrantLock();
    private final Condition mudou = trava.newCondition();
    private final Object sondagem = new Object();
    private final AtomicLong omitidas = new AtomicLong();
    private final List<Runnable> aoCair = new CopyOnWriteArrayList<>();
    private final ScheduledExecutorService vigia;
    private final SilencioDuranteAQueda silencio;
    private volatile boolean disponivel = true;
    private volatile boolean fechado;
    /** The database went back in time ({@link LinhaDoTempo}): unavailable to this node for good, which is stopping. */
    private volatile boolean divergente;
    private volatile long respondeuEm = System.nanoTime() - RESPOSTA_VALE_NANOS;
    private long caiuEm;

    public DisponibilidadeDoBanco(UrlDoBanco url, ApplicationEventPublisher eventos) {
        this.url = url;
        this.eventos = eventos;
        this.vigia = Executors.newSingleThreadScheduledExecutor(tarefa -> {
            Thread thread = new Thread(tarefa, "vigia-do-banco");
            thread.setDaemon(true);
            return thread;
        });
        this.silencio = SilencioDuranteAQueda.instalar(this);
        vigia.scheduleWithFixedDelay(this::verificarVolta, SONDAGEM_MS, SONDAGEM_MS, TimeUnit.MILLISECONDS);
    }

    public boolean disponivel() {
        return disponivel;
    }

    /**
     * Whether PostgreSQL being out of reach explains this failure: a connection failure the probe confirms, or the
     * pool having no connection to give while the database is known to be down. False for any other failure, and
     * for a connection failure while the server answers.
     */
    @Override
    public boolean explica(Throwable falha) {
        Optional<Indisponibilidade.Falha> tipo = Indisponibilidade.classificar(falha);
        if (tipo.isEmpty()) {
            return false;
        }
        return tipo.get() == Indisponibilidade.Falha.POOL_ESGOTADO ? !disponivel : confirmarQueda();
    }

    /**
     * True when the database is down: already known, or found so by a probe now. One probe runs at a time, and the
     * threads that report meanwhile wait for its answer (at most {@value #SONDA_SEGUNDOS} s).
     */
    public boolean confirmarQueda() {
        if (!disponivel) {
            return true;
        }
        if (Thread.holdsLock(sondagem)) {
            // something logged from inside the probe itself (the driver, through the logging bridge)
            return false;
        }
        synchronized (sondagem) {
            if (!disponivel) {
                return true;
            }
            if (System.nanoTime() - respondeuEm < RESPOSTA_VALE_NANOS) {
                return false;
            }
            Optional<SQLException> falha = sondar();
            if (falha.isEmpty()) {
                respondeuEm = System.nanoTime();
                return false;
            }
            marcarIndisponivel(falha.get());
            return true;
        }
    }

    /**
     * For the pool's own connection opener: while the database is down, waits for it to return (or for shutdown)
     * instead of failing. Failing would make Hikari back off, doubling its pause up to 5 s, and the pool would then
     * come back seconds after the database; waiting here, it opens its first connection as soon as the probe sees
     * the server again.
     */
    void aguardarParaConectar() throws SQLException {
        trava.lock();
        try {
            while (!disponivel && !fechado) {
                mudou.await();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrompido à espera do PostgreSQL", "08001", e);
        } finally {
            trava.unlock();
        }
        if (fechado && !disponivel) {
            throw new SQLException("PostgreSQL inacessível e o serviço está parando", "08001");
        }
    }

    /** Waits until the database is reachable, at most {@code limite}; true if it is. */
    public boolean aguardar(Duration limite) throws InterruptedException {
        long restante = limite.toNanos();
        trava.lock();
        try {
            while (!disponivel && !fechado && restante > 0) {
                restante = mudou.awaitNanos(restante);
            }
            return disponivel;
        } finally {
            trava.unlock();
        }
    }

    /** Runs {@code acao} (on the probe's thread) whenever an outage is confirmed. */
    void aoCair(Runnable acao) {
        aoCair.add(acao);
    }

    /** A log event about the outage that the log was spared. */
    void omitida() {
        omitidas.incrementAndGet();
    }

    /**
     * The database is older than what this node has read ({@link LinhaDoTempo}): from now on it is unavailable to
     * this node, which is stopping, and requests answer 503 at once instead of reaching it.
     */
    void divergiu() {
        trava.lock();
        try {
            divergente = true;
            if (disponivel) {
                disponivel = false;
                caiuEm = System.nanoTime();
            }
            mudou.signalAll();
        } finally {
            trava.unlock();
        }
    }

    private void verificarVolta() {
        if (disponivel || fechado || divergente) {
            return;
        }
        try {
            if (sondar().isEmpty()) {
                marcarDisponivel();
            }
        } catch (RuntimeException e) {
            // A task that throws is never run again: the service would wait for the database forever.
            log.warn("Sondagem do PostgreSQL falhou: {}", e.toString());
        }
    }

    /** Empty when the server answers: it accepted the connection, or refused it for a reason other than being out. */
    private Optional<SQLException> sondar() {
        try (Connection conexao = DriverManager.getConnection(url.jdbcUrl(),
                url.propriedades("loja-api-sonda", SONDA_SEGUNDOS, SONDA_SEGUNDOS))) {
            return Optional.empty();
        } catch (SQLException e) {
            return Indisponibilidade.conexao(e.getSQLState()) ? Optional.of(e) : Optional.empty();
        }
    }

    private void marcarIndisponivel(SQLException causa) {
        trava.lock();
        try {
            if (!disponivel) {
                return;
            }
            disponivel = false;
            caiuEm = System.nanoTime();
            omitidas.set(0);
            mudou.signalAll();
        } finally {
            trava.unlock();
        }
        if (silencio != null) { // null only while the constructor installs it
            silencio.garantirInstalado();
        }
        log.warn("PostgreSQL inacessível ({}: {}): o que depende dele responde 503 até ele voltar, sem registrar "
                + "cada falha", causa.getSQLState(), causa.getMessage());
        for (Runnable acao : aoCair) {
            try {
                vigia.execute(() -> {
                    try {
                        acao.run();
                    } catch (RuntimeException e) {
                        log.warn("Ação na queda do PostgreSQL falhou: {}", e.toString());
                    }
                });
            } catch (RejectedExecutionException e) {
                return; // closing
            }
        }
    }

    private void marcarDisponivel() {
        long duracao;
        trava.lock();
        try {
            if (disponivel || divergente) {
                return;
            }
            disponivel = true;
            duracao = System.nanoTime() - caiuEm;
            mudou.signalAll();
        } finally {
            trava.unlock();
        }
        Duration fora = Duration.ofNanos(duracao);
        log.info("PostgreSQL acessível de novo após {} ms; {} mensagens de log sobre a queda foram omitidas",
                fora.toMillis(), omitidas.get());
        try {
            eventos.publishEvent(new BancoDeVolta(fora));
        } catch (RuntimeException e) {
            // the context is closing, or a listener failed: the database is back all the same
            log.warn("Aviso da volta do PostgreSQL falhou: {}", e.toString());
        }
    }

    @Override
    public void close() {
        fechado = true;
        vigia.shutdownNow();
        silencio.remover();
        trava.lock();
        try {
            mudou.signalAll();
        } finally {
            trava.unlock();
        }
    }
}
