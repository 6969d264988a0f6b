package br.com.lojaapi.coreapi.etiqueta;

import java.time.Instant;

/**
 * Every event of a carrier label carries the whole label as it stands after it ({@link #etiqueta}), so its
 * aggregate's state and its read model are copies of the last one; a removal also says when ({@link #removidaEm},
 * null for any other).
 */
public interface EventoDaEtiqueta {

    EstadoDaEtiqueta etiqueta();

    default Instant removidaEm() {
        return null;
    }
}
