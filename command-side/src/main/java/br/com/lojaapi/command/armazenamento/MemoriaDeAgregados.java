package br.com.lojaapi.command.armazenamento;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import org.axonframework.eventsourcing.EventSourcedAggregate;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * The aggregates this node last saw committed, each at its version, kept between commands: the next command on one
 * of them reads only the events appended after that version (by another node, usually none) instead of reading and
 * deserialising its snapshot and stream. The database stays the truth; what is held here only saves the replay.
 * <p>
 * An entry is lent, never shared: a load takes it out (the thread that took it owns the instance and may change
 * it), and it comes back only when the transaction that used it has committed and its unit of work did not roll
 * back ({@link RepositorioComMemoria}). A command that failed, a rollback or a commit that did not happen drops it,
 * and the next load replays from the database. Bounded by {@code loja.agregados.em-memoria} entries, the least
 * recently used leaving first; 0 turns it off.
 */
@Component
public class MemoriaDeAgregados {

    private final Cache<String, EventSourcedAggregate<?>> guardados;

    public MemoriaDeAgregados(@Value("${loja.agregados.em-memoria:10000}") long maximo) {
        this.guardados = CacheBuilder.newBuilder().maximumSize(Math.max(0, maximo)).build();
    }

    /** The version of the aggregate held for {@code id}, or null when none is. */
    public Long versao(String id) {
        EventSourcedAggregate<?> guardado = guardados.getIfPresent(id);
        return guardado == null ? null : guardado.version();
    }

    /** Takes the aggregate held for {@code id} out, or null: from now on it belongs to the caller. */
    @SuppressWarnings("unchecked")
    <T> EventSourcedAggregate<T> retirar(String id) {
        return (EventSourcedAggregate<T>) guardados.asMap().remove(id);
    }

    /**
     * Holds an aggregate whose state is committed at its version. Two transactions on one aggregate may give theirs
     * back in either order: the newer version stays.
     */
    void devolver(String id, EventSourcedAggregate<?> agregado) {
        if (agregado.isDeleted() || agregado.version() == null) {
            return;
        }
        guardados.asMap().merge(id, agregado, (atual, novo) -> novo.version() >= atual.version() ? novo : atual);
    }

    /** Forgets everything held, as after a restart. */
    public void esquecer() {
        guardados.invalidateAll();
    }
}
