package br.com.lojaapi.command.cliente;

import br.com.lojaapi.command.comum.DaLoja;
import br.com.lojaapi.command.comum.Versao;
import br.com.lojaapi.coreapi.cliente.AlterarClienteCommand;
import br.com.lojaapi.coreapi.cliente.ClienteAtualizadoEvent;
import br.com.lojaapi.coreapi.cliente.ClienteCriadoEvent;
import br.com.lojaapi.coreapi.cliente.CriarClienteCommand;
import br.com.lojaapi.coreapi.cliente.DadosCliente;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

/**
 * A registered customer of one store, identified there by its document. One customer per document and store is
 * kept by {@link CadastroDeClientes} (lock, then look up) and guarded by the lookup table's UNIQUE constraint.
 */
@Aggregate
class Cliente {

    static final String NAO_ENCONTRADO = "Cliente não encontrado";

    @AggregateIdentifier
    private String clienteId;
    private String lojaId;
    private DadosCliente dados;

    Cliente() {
        // required by Axon
    }

    // A creation-policy method rather than a constructor: only a live aggregate can report the version it reached.
    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.ALWAYS)
    long handle(CriarClienteCommand comando) {
        apply(new ClienteCriadoEvent(comando.clienteId(), comando.lojaId(), RegrasDeCliente.novo(comando.dados()),
                comando.criadoEm()));
        return Versao.atual();
    }

    @CommandHandler
    long handle(AlterarClienteCommand comando) {
        DaLoja.exigir(lojaId, comando.lojaId(), NAO_ENCONTRADO);
        DadosCliente novos = RegrasDeCliente.aplicar(dados, comando.alteracao());
        if (!novos.documento().equals(dados.documento())) {
            throw ErroDeNegocio.invalido(RegrasDeCliente.DOCUMENTO_FIXO);
        }
        if (!novos.equals(dados)) {
            apply(new ClienteAtualizadoEvent(clienteId, lojaId, novos, comando.alteradoEm()));
        }
        return Versao.atual();
    }

    @EventSourcingHandler
    void on(ClienteCriadoEvent evento) {
        clienteId = evento.clienteId();
        lojaId = evento.lojaId();
        dados = evento.dados();
    }

    @EventSourcingHandler
    void on(ClienteAtualizadoEvent evento) {
        dados = evento.dados();
    }
}
