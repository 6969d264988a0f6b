package br.com.lojaapi.query.comum;

import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import org.axonframework.eventhandling.ResetHandler;
import org.hibernate.Session;
import org.springframework.core.annotation.AnnotationUtils;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A projection into JPA rows ({@code R}, keyed by their aggregate's id). Every write is a version-guarded upsert: a
 * creation inserts only a row not there yet, a change applies only to a row older than its event. So a replay, an
 * older version after a newer one or a batch processed twice after a stolen claim leaves the same rows. A reset
 * empties the tables the projection declares ({@link TabelasDoModelo}).
 * <p>
 * The first change of a processor's batch loads the rows of every aggregate in the batch with one query (ids of
 * other aggregates simply match nothing): the rows the batch's other events change are then found in the
 * persistence context instead of with a query each.
 */
public abstract class ProjecaoJpa<R extends RegistroVersionado> {

    @PersistenceContext
    protected EntityManager em;
    private final Class<R> tipo;
    private final String tabelas;
    private final String lote;

    protected ProjecaoJpa(Class<R> tipo) {
        this.tipo = tipo;
        this.lote = getClass().getName() + ".lote";
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
        carregarOsDoLote();
        R registro = em.find(tipo, id);
        if (registro != null && registro.versao() < versao) {
            mudanca.accept(registro);
        }
    }

    /**
     * Hibernate's multi-load: one statement with the ids as an array, whatever their number (a JPQL IN list is
     * compiled anew for every new number of ids, which cost more CPU than the finds it saved).
     */
    private void carregarOsDoLote() {
        LoteDoProcessador.umaVez(lote, eventos -> {
            Set<String> ids = new HashSet<>();
            eventos.forEach(e -> ids.add(e.getAggregateIdentifier()));
            return ids.size() > 1 ? em.unwrap(Session.class).byMultipleIds(tipo).multiLoad(List.copyOf(ids))
                                  : List.of();
        });
    }

    /** The store's live row of {@code id} (a tombstone is not), for rows with {@code lojaId} and {@code removidoEm}. */
    protected Optional<R> vivo(String lojaId, String id) {
        return em.createQuery("SELECT r FROM " + tipo.getSimpleName()
                              + " r WHERE r.id = :id AND r.lojaId = :loja AND r.removidoEm IS NULL", tipo)
                 .setParameter("id", id)
                 .setParameter("loja", lojaId)
                 .getResultList().stream().findFirst();
    }

    /** The store's live rows in the order they are shown: {@code ordem}, then the name regardless of case, then id. */
    protected List<R> vivosEmOrdem(String lojaId) {
        return em.createQuery("SELECT r FROM " + tipo.getSimpleName() + " r WHERE r.lojaId = :loja"
                              + " AND r.removidoEm IS NULL ORDER BY r.ordem, lower(r.nome), r.id", tipo)
                 .setParameter("loja", lojaId)
                 .getResultList();
    }

    /** TRUNCATE rather than DELETE: no per-row change notifications for tables about to be rebuilt. */
    @ResetHandler
    void reset() {
        em.createNativeQuery("TRUNCATE " + tabelas).executeUpdate();
    }
}
