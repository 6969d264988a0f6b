package br.com.lojaapi.command.produto;

import br.com.lojaapi.command.armazenamento.MemoriaDeAgregados;
import br.com.lojaapi.command.armazenamento.RepositorioComMemoria;
import br.com.lojaapi.command.comum.Snapshots;
import org.axonframework.eventsourcing.EventSourcingRepository;
import org.axonframework.eventsourcing.SnapshotTriggerDefinition;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.messaging.annotation.HandlerDefinition;
import org.axonframework.messaging.annotation.ParameterResolverFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Products are the hot aggregates (every order loads each product it sells, under its lock): their repository keeps
 * the products this node last committed in {@link MemoriaDeAgregados}, so an order applies only what was appended
 * since instead of deserialising a snapshot and up to {@code loja.snapshots.produto} events per product.
 */
@Configuration
class RepositorioDeProdutos {

    static final String NOME = "repositorioDeProdutosComMemoria";

    @Bean(NOME)
    RepositorioComMemoria<Produto> repositorioDeProdutos(EventStore eventos,
                                                         @Qualifier(Snapshots.PRODUTO) SnapshotTriggerDefinition gatilho,
                                                         ParameterResolverFactory parametros,
                                                         HandlerDefinition tratadores, MemoriaDeAgregados memoria) {
        return new RepositorioComMemoria<>(EventSourcingRepository.builder(Produto.class)
                                                                  .snapshotTriggerDefinition(gatilho)
                                                                  .parameterResolverFactory(parametros)
                                                                  .handlerDefinition(tratadores),
                                           eventos, memoria);
    }
}
