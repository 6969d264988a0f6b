package br.com.lojaapi.query.cliente;

import br.com.lojaapi.coreapi.cliente.ClientesPorIdQuery;
import br.com.lojaapi.coreapi.cliente.PaginaDeClientes;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.stereotype.Component;

import java.util.List;

/** The bodies of an incremental-sync page: customers by id. */
@Component
class ClientesPorId {

    @PersistenceContext
    private EntityManager em;

    @QueryHandler
    PaginaDeClientes handle(ClientesPorIdQuery consulta) {
        if (consulta.ids().isEmpty()) {
            return new PaginaDeClientes(List.of(), 0);
        }
        List<ClienteRegistro> registros = em.createQuery(
                        "SELECT c FROM ClienteRegistro c WHERE c.lojaId = :loja AND c.id IN :ids", ClienteRegistro.class)
                .setParameter("loja", consulta.lojaId())
                .setParameter("ids", consulta.ids())
                .getResultList();
        return new PaginaDeClientes(registros.stream().map(ClienteRegistro::view).toList(), registros.size());
    }
}
