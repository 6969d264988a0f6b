package br.com.lojaapi.query.cliente;

import br.com.lojaapi.coreapi.cliente.ClienteAtualizadoEvent;
import br.com.lojaapi.coreapi.cliente.ClienteCriadoEvent;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import br.com.lojaapi.query.comum.IndicesGlobais;
import br.com.lojaapi.query.comum.TabelasDoModelo;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.springframework.stereotype.Component;

/**
 * Read model of customers. Handlers are version-guarded upserts, so a replay or a batch processed twice after a
 * stolen claim leaves the same rows. Each records the event's global index ({@link IndicesGlobais}) with the version,
 * for incremental sync.
 */
@Component
@TabelasDoModelo("cliente_view")
@ProcessingGroup(ClienteProjection.GRUPO)
class ClienteProjection {

    static final String GRUPO = "cliente-view";

    @PersistenceContext
    private EntityManager em;
    private final IndicesGlobais indices;

    ClienteProjection(IndicesGlobais indices) {
        this.indices = indices;
    }

    @EventHandler
    void on(ClienteCriadoEvent evento, @SequenceNumber long versao) {
        if (em.find(ClienteRegistro.class, evento.clienteId()) == null) {
            ClienteRegistro registro = new ClienteRegistro(evento.clienteId(), evento.lojaId(), evento.criadoEm());
            registro.aplicar(evento.dados(), evento.criadoEm(), versao, indices.de(evento.clienteId(), versao));
            em.persist(registro);
        }
    }

    @EventHandler
    void on(ClienteAtualizadoEvent evento, @SequenceNumber long versao) {
        ClienteRegistro registro = em.find(ClienteRegistro.class, evento.clienteId());
        if (registro != null && registro.versao() < versao) {
            registro.aplicar(evento.dados(), evento.atualizadoEm(), versao, indices.de(evento.clienteId(), versao));
        }
    }

    /** TRUNCATE rather than DELETE: no per-row change notifications for a table about to be rebuilt. */
    @ResetHandler
    void reset() {
        em.createNativeQuery("TRUNCATE cliente_view").executeUpdate();
    }
}
