package br.com.lojaapi.query.categoria;

import br.com.lojaapi.coreapi.categoria.BuscarCategoriaQuery;
import br.com.lojaapi.coreapi.categoria.CategoriaAtualizadaEvent;
import br.com.lojaapi.coreapi.categoria.CategoriaCriadaEvent;
import br.com.lojaapi.coreapi.categoria.CategoriaRemovidaEvent;
import br.com.lojaapi.coreapi.categoria.CategoriaView;
import br.com.lojaapi.coreapi.categoria.ListarCategoriasQuery;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import br.com.lojaapi.query.comum.TabelasDoModelo;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Optional;

/**
 * Read model of categories. Handlers are version-guarded upserts, so a replay or a batch processed twice after a
 * stolen claim leaves the same rows. A removal leaves a tombstone row (hidden from every query) carrying the
 * removal's version, which is what the remover waits for.
 */
@Component
@TabelasDoModelo("categoria_view")
@ProcessingGroup(CategoriaProjection.GRUPO)
class CategoriaProjection {

    static final String GRUPO = "categoria-view";

    @PersistenceContext
    private EntityManager em;

    @EventHandler
    void on(CategoriaCriadaEvent evento, @SequenceNumber long versao) {
        CategoriaRegistro registro = em.find(CategoriaRegistro.class, evento.categoriaId());
        if (registro == null) {
            registro = new CategoriaRegistro(evento.categoriaId(), evento.lojaId(), evento.criadaEm());
            registro.aplicar(evento.nome(), evento.descricao(), evento.ordem(), evento.ativa(), evento.criadaEm(), versao);
            em.persist(registro);
        }
    }

    @EventHandler
    void on(CategoriaAtualizadaEvent evento, @SequenceNumber long versao) {
        CategoriaRegistro registro = em.find(CategoriaRegistro.class, evento.categoriaId());
        if (registro != null && registro.versao() < versao) {
            registro.aplicar(evento.nome(), evento.descricao(), evento.ordem(), evento.ativa(), evento.atualizadaEm(),
                    versao);
        }
    }

    @EventHandler
    void on(CategoriaRemovidaEvent evento, @SequenceNumber long versao) {
        CategoriaRegistro registro = em.find(CategoriaRegistro.class, evento.categoriaId());
        if (registro != null && registro.versao() < versao) {
            registro.remover(evento.removidaEm(), versao);
        }
    }

    /** TRUNCATE rather than DELETE: no per-row change notifications for a table about to be rebuilt. */
    @ResetHandler
    void reset() {
        em.createNativeQuery("TRUNCATE categoria_view").executeUpdate();
    }

    @QueryHandler
    List<CategoriaView> handle(ListarCategoriasQuery consulta) {
        return em.createQuery("""
                         SELECT c FROM CategoriaRegistro c WHERE c.lojaId = :loja AND c.removidaEm IS NULL
                         ORDER BY c.ordem, lower(c.nome), c.id""", CategoriaRegistro.class)
                 .setParameter("loja", consulta.lojaId())
                 .getResultStream()
                 .map(CategoriaRegistro::view)
                 .toList();
    }

    @QueryHandler
    Optional<CategoriaView> handle(BuscarCategoriaQuery consulta) {
        return em.createQuery("""
                         SELECT c FROM CategoriaRegistro c
                          WHERE c.id = :id AND c.lojaId = :loja AND c.removidaEm IS NULL""",
                         CategoriaRegistro.class)
                 .setParameter("id", consulta.categoriaId())
                 .setParameter("loja", consulta.lojaId())
                 .getResultStream()
                 .findFirst()
                 .map(CategoriaRegistro::view);
    }
}
