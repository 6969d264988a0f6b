package br.com.lojaapi.coreapi.notafiscal;

import java.time.Instant;

/**
 * Every event of an invoice carries the whole invoice as it stands after it ({@link #nota}), so its aggregate's state
 * and its read model are copies of the last one; a removal also says when ({@link #removidaEm}, null for any other).
 */
public interface EventoDaNota {

    EstadoDaNota nota();

    default Instant removidaEm() {
        return null;
    }
}
