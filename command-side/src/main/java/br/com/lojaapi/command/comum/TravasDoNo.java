package br.com.lojaapi.command.comum;

import com.google.common.util.concurrent.Striped;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * This node's turn for keys that a transaction is about to lock on PostgreSQL ({@link Travas}), taken before the
 * transaction begins. Without it, fifty orders for one product arriving at one node each hold one of the pool's
 * connections while they wait for the product's advisory lock: the pool runs dry, and requests for anything else
 * wait for a connection and end in 503. With it they wait here, in arrival order (fair locks), holding nothing, and
 * each takes a connection when its turn comes. The advisory lock still orders the nodes among themselves.
 * <p>
 * Guava's {@link Striped}: a fixed set of locks that keys hash onto (two keys may share one and then simply take
 * turns), taken in the set's own order so that two callers can never wait for each other.
 */
@Component
public class TravasDoNo {

    /** Longer than any turn should take, well within a client's timeout; past it the request is told to retry. */
    static final Duration ESPERA = Duration.ofSeconds(20);
    private static final int FAIXAS = 1024;

    private final Striped<Lock> travas = Striped.custom(FAIXAS, () -> new ReentrantLock(true));

    /** Runs {@code trabalho} holding this node's turn for every key, waiting at most {@link #ESPERA} for it. */
    public <T> T executar(Collection<String> chaves, Supplier<T> trabalho) {
        List<Lock> tomadas = new ArrayList<>();
        try {
            long limite = System.nanoTime() + ESPERA.toNanos();
            for (Lock trava : travas.bulkGet(chaves)) {
                if (!trava.tryLock(Math.max(0, limite - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                    throw new ConflitoPersistenteException(null);
                }
                tomadas.add(trava);
            }
            return trabalho.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConflitoPersistenteException(e);
        } finally {
            for (int i = tomadas.size() - 1; i >= 0; i--) {
                tomadas.get(i).unlock();
            }
        }
    }
}
