package br.com.lojaapi.query.comum;

import java.util.OptionalLong;

/**
 * The WAL position a read on this thread is known to see: set while a read is served from a hot standby (decision
 * 074), as the replay position the standby had reached when it was chosen (its snapshots are at least there).
 * Unset on the primary, which sees everything. What the query side knows from the primary alone (the settled
 * global indexes of incremental sync) holds on a standby only up to what it has replayed.
 */
public final class PosicaoDaLeitura {

    private static final ThreadLocal<Long> REPRODUZIDA = new ThreadLocal<>();

    private PosicaoDaLeitura() {
    }

    /** Until the returned handle is closed, this thread reads a copy replayed at least up to {@code lsn}. */
    public static Fim em(long lsn) {
        REPRODUZIDA.set(lsn);
        return REPRODUZIDA::remove;
    }

    /** Empty on the primary. */
    public static OptionalLong atual() {
        Long lsn = REPRODUZIDA.get();
        return lsn == null ? OptionalLong.empty() : OptionalLong.of(lsn);
    }

    /** Ends what {@link #em} began. */
    @FunctionalInterface
    public interface Fim extends AutoCloseable {
        @Override
        void close();
    }
}
