package br.com.lojaapi.query.comum;

import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.messaging.Message;
import org.axonframework.messaging.unitofwork.BatchingUnitOfWork;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The events of the batch a processor is handling (its unit of work), for handlers that read what the whole batch
 * needs in one query the first time one of them runs, instead of one query per event.
 */
public final class LoteDoProcessador {

    private LoteDoProcessador() {
    }

    /**
     * What {@code calculo} gives for the current batch's aggregate events, computed once per batch under
     * {@code chave}; outside a unit of work, computed for no events.
     */
    public static <T> T umaVez(String chave, Function<List<DomainEventMessage<?>>, T> calculo) {
        if (!CurrentUnitOfWork.isStarted()) {
            return calculo.apply(List.of());
        }
        UnitOfWork<?> unidade = CurrentUnitOfWork.get();
        return unidade.getOrComputeResource(chave, nome -> calculo.apply(eventos(unidade)));
    }

    private static List<DomainEventMessage<?>> eventos(UnitOfWork<?> unidade) {
        List<? extends Message<?>> mensagens = unidade instanceof BatchingUnitOfWork<?> lote
                ? lote.getMessages() : List.of(unidade.getMessage());
        List<DomainEventMessage<?>> eventos = new ArrayList<>();
        for (Message<?> mensagem : mensagens) {
            if (mensagem instanceof DomainEventMessage<?> evento) {
                eventos.add(evento);
            }
        }
        return eventos;
    }
}
