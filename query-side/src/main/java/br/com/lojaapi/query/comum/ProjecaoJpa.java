package br.com.lojaapi.query.comum;

import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import org.axonframework.eventhandling.ResetHandler;
import org.springframework.core.annotation.AnnotationUtils;

import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A projection into JPA rows ({@code R}, keyed by their aggregate's id). Every write is a version-guarded upsert: a
 * creation inserts only a row not there yet, a change applies only to a row older than its event. So a replay, an
 * older version after a newer one or a batch processed twice after a stolen claim leaves the same rows. A reset
 * empties the tables the projection declares ({@link TabelasDoModelo}).
 */
public abstract class ProjecaoJpa<R extends RegistroVersionado> {

    @PersistenceContext
    protected EntityManager em;
    private final Class<R> tipo;
    private final String tabelas;

    protected ProjecaoJpa(Class<R> tipo) {
        this.tipo = tipo;
        TabelasDoModelo declaradas = AnnotationUtils.findAnnotation(getClass(), TabelasDoModelo.class);
        if (declaradas == null) {
            throw new IllegalStateException(getClass().getName() + " não declara @TabelasDoModelo");
        }
        this.tabelas = String.join(", ", declaradas.value());
    }

    /** Inserts the row {@code novo} makes, unless {@code id} has one already (its creation handled again). */
    protected boolean inserir(String id, Supplier<R> novo) {
        if (em.find(tipo, id) != null) {
            return false;
        }
        em.persist(novo.get());
        return true;
    }

    /** Applies {@code mudanca} to the row of {@code id} when the event of {@code versao} is newer than it. */
    protected void atualizar(String id, long versao, Consumer<R> mudanca) {
        R registro = em.find(tipo, id);
        if (registro != null && registro.versao() < versao) {
            mudanca.accept(registro);
        }
    }

    /** TRUNCATE rather than DELETE: no per-row change notifications for tables about to be rebuilt. */
    @ResetHandler
    void reset() {
        em.createNativeQuery("TRUNCATE " + tabelas).executeUpdate();
    }
}
