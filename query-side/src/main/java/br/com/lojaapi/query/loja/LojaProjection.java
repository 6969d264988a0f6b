package br.com.lojaapi.query.loja;

import br.com.lojaapi.coreapi.loja.BuscarLojaQuery;
import br.com.lojaapi.coreapi.loja.ListarLojasQuery;
import br.com.lojaapi.coreapi.loja.LojaAtualizadaEvent;
import br.com.lojaapi.coreapi.loja.LojaCriadaEvent;
import br.com.lojaapi.coreapi.loja.LojaView;
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

@Component
@TabelasDoModelo("loja_view")
@ProcessingGroup(LojaProjection.GRUPO)
class LojaProjection {

    static final String GRUPO = "loja-view";

    @PersistenceContext
    private EntityManager em;

    @EventHandler
    void on(LojaCriadaEvent evento, @SequenceNumber long versao) {
        if (em.find(LojaRegistro.class, evento.lojaId()) == null) {
            LojaRegistro registro = new LojaRegistro(evento.lojaId(), evento.criadaEm());
            registro.aplicar(evento.dados(), evento.criadaEm(), versao);
            em.persist(registro);
        }
    }

    @EventHandler
    void on(LojaAtualizadaEvent evento, @SequenceNumber long versao) {
        LojaRegistro registro = em.find(LojaRegistro.class, evento.lojaId());
        if (registro != null && registro.versao() < versao) {
            registro.aplicar(evento.dados(), evento.atualizadaEm(), versao);
        }
    }

    /** TRUNCATE rather than DELETE: no per-row change notifications for a table about to be rebuilt. */
    @ResetHandler
    void reset() {
        em.createNativeQuery("TRUNCATE loja_view").executeUpdate();
    }

    @QueryHandler
    Optional<LojaView> handle(BuscarLojaQuery consulta) {
        return Optional.ofNullable(em.find(LojaRegistro.class, consulta.lojaId())).map(LojaRegistro::view);
    }

    @QueryHandler
    List<LojaView> handle(ListarLojasQuery consulta) {
        return em.createQuery("SELECT l FROM LojaRegistro l ORDER BY l.criadaEm, l.id", LojaRegistro.class)
                 .getResultStream()
                 .map(LojaRegistro::view)
                 .toList();
    }
}
