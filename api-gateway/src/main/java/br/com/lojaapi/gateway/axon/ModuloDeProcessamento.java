package br.com.lojaapi.gateway.axon;

import org.axonframework.config.Configuration;
import org.axonframework.config.EventProcessingModule;
import org.axonframework.eventhandling.EventHandlerInvoker;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.EventProcessor;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.messaging.StreamableMessageSource;
import org.axonframework.messaging.SubscribableMessageSource;

/**
 * Axon's event processing configuration, building the processors this service uses (subscribing and pooled
 * streaming) over handlers whose fixed answers are remembered ({@link InvocadorComMemoria}). Everything else is
 * Axon's own.
 */
class ModuloDeProcessamento extends EventProcessingModule {

    @Override
    protected EventProcessor subscribingEventProcessor(String nome, EventHandlerInvoker tratadores,
                                                       SubscribableMessageSource<? extends EventMessage<?>> fonte) {
        return super.subscribingEventProcessor(nome, InvocadorComMemoria.de(tratadores), fonte);
    }

    @Override
    protected EventProcessor pooledStreamingEventProcessor(String nome, EventHandlerInvoker tratadores,
                                                           Configuration config,
                                                           StreamableMessageSource<TrackedEventMessage<?>> fonte,
                                                           PooledStreamingProcessorConfiguration ajustes) {
        return super.pooledStreamingEventProcessor(nome, InvocadorComMemoria.de(tratadores), config, fonte, ajustes);
    }
}
