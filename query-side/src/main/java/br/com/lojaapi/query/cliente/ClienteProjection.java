package br.com.lojaapi.query.cliente;

import br.com.lojaapi.coreapi.cliente.ClienteAtualizadoEvent;
import br.com.lojaapi.coreapi.cliente.ClienteCriadoEvent;
import br.com.lojaapi.query.comum.IndicesGlobais;
import br.com.lojaapi.query.comum.ProjecaoJpa;
import br.com.lojaapi.query.comum.TabelasDoModelo;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.springframework.stereotype.Component;

/**
 * Read model of customers. Each write records the event's global index ({@link IndicesGlobais}) with the version,
 * for incremental sync. The store's count ({@code cliente_contagem}, {@link ContagemDeClientes}) follows every
 * write of {@code cliente_view} by its triggers, in the same transaction: no handler writes it.
 */
@Component
@TabelasDoModelo({"cliente_view", "cliente_contagem"})
@ProcessingGroup("cliente-view")
class ClienteProjection extends ProjecaoJpa<ClienteRegistro> {

    private final IndicesGlobais indices;

    ClienteProjection(IndicesGlobais indices) {
        super(ClienteRegistro.class);
        this.indices = indices;
    }

    @EventHandler
    void on(ClienteCriadoEvent evento, @SequenceNumber long versao) {
        inserir(evento.clienteId(), () -> new ClienteRegistro(evento, versao, indices.de(evento.clienteId(), versao)));
    }

    @EventHandler
    void on(ClienteAtualizadoEvent evento, @SequenceNumber long versao) {
        atualizar(evento.clienteId(), versao, registro -> registro.aplicar(evento.dados(), evento.atualizadoEm(),
                versao, indices.de(evento.clienteId(), versao)));
    }
}
