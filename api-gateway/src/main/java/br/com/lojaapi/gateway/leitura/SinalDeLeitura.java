package br.com.lojaapi.gateway.leitura;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/** "Some read model changed": a counter that waiting writers re-check the database on. */
public class SinalDeLeitura {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition mudou = lock.newCondition();
    private long geracao;

    public void sinalizar() {
        lock.lock();
        try {
            geracao++;
            mudou.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The current generation; take it before reading the database so no change slips in between. */
    public long geracao() {
        lock.lock();
        try {
            return geracao;
        } finally {
            lock.unlock();
        }
    }

    /** Waits until the generation moves past {@code vista} or the time runs out. */
    public void aguardarDepoisDe(long vista, long nanos) throws InterruptedException {
        lock.lock();
        try {
            long restante = nanos;
            while (geracao == vista && restante > 0) {
                restante = mudou.awaitNanos(restante);
            }
        } finally {
            lock.unlock();
        }
    }

}
