package br.com.lojaapi.apoio;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps every core busy for a bounded time, from inside the test, so that a race which needs a slow scheduler to
 * show (a window between two steps widened by a loaded CI machine) shows on a quiet machine too. One spinning
 * daemon thread per core, at minimum priority so the code under test still runs, each stopping on {@link #close()}
 * or after the bound at the latest, whichever comes first.
 */
public final class CpuOcupada implements AutoCloseable {

    private final List<Thread> ocupadas = new ArrayList<>();
    private volatile boolean parar;

    private CpuOcupada(int threads, Duration limite) {
        long fim = System.nanoTime() + limite.toNanos();
        for (int i = 0; i < threads; i++) {
            Thread ocupada = new Thread(() -> {
                long soma = 0;
                while (!parar && System.nanoTime() < fim) {
                    soma += System.nanoTime() % 7;
                }
                if (soma == 42) {
                    Thread.onSpinWait(); // keeps the loop from being optimised away
                }
            }, "cpu-ocupada-" + i);
            ocupada.setDaemon(true);
            ocupada.setPriority(Thread.MIN_PRIORITY);
            ocupada.start();
            ocupadas.add(ocupada);
        }
    }

    /** As many spinning threads as this machine has cores, for at most {@code limite}. */
    public static CpuOcupada porNoMaximo(Duration limite) {
        return new CpuOcupada(Runtime.getRuntime().availableProcessors(), limite);
    }

    @Override
    public void close() throws InterruptedException {
        parar = true;
        for (Thread ocupada : ocupadas) {
            ocupada.join();
        }
    }
}
