package br.com.lojaapi.gateway.infra;

import br.com.lojaapi.gateway.banco.DisponibilidadeDoBanco;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

import java.time.Duration;

/**
 * A daemon thread that runs {@link #executar()} for as long as the application runs, starting it again a second
 * after it fails (a dropped connection, say). A task given the {@link DisponibilidadeDoBanco} is quiet through a
 * database outage (which that component logs once) and starts again as soon as the database is back, instead of
 * logging every attempt. Started late and stopped early in the application's life cycle.
 */
public abstract class TarefaDeFundo implements SmartLifecycle {

    private static final Duration PAUSA = Duration.ofSeconds(1);

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final String nome;
    private final DisponibilidadeDoBanco banco;
    private volatile boolean ativa;
    private Thread thread;

    protected TarefaDeFundo(String nome) {
        this(nome, null);
    }

    protected TarefaDeFundo(String nome, DisponibilidadeDoBanco banco) {
        this.nome = nome;
        this.banco = banco;
    }

    /** Runs until {@link #ativa()} turns false; may return or throw to be run again after a pause. */
    protected abstract void executar() throws Exception;

    protected boolean ativa() {
        return ativa;
    }

    @Override
    public void start() {
        ativa = true;
        thread = new Thread(this::repetir, nome);
        thread.setDaemon(true);
        thread.start();
    }

    private void repetir() {
        while (ativa) {
            try {
                executar();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (Throwable e) {
                // Anything, Errors included: a silently dead thread would leave isRunning() true and the node
                // quietly degraded.
                if (ativa && (banco == null || !banco.explica(e))) {
                    log.warn("{} falhou; recomeçando em 1 s: {}", nome, e.toString());
                }
            }
            if (ativa) {
                try {
                    if (banco == null || banco.disponivel()) {
                        Thread.sleep(PAUSA.toMillis());
                    } else {
                        banco.aguardar(PAUSA);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    @Override
    public void stop() {
        ativa = false;
        if (thread != null) {
            thread.interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return ativa;
    }

    /** After Axon's components start; stopped before them. */
    @Override
    public int getPhase() {
        return Integer.MAX_VALUE - 100;
    }
}
