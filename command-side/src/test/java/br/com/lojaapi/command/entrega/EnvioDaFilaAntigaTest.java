package br.com.lojaapi.command.entrega;

import br.com.lojaapi.coreapi.entrega.EntregaIniciadaEvent;
import br.com.lojaapi.coreapi.entrega.TentativaRegistradaEvent;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.ObjectProvider;

import static br.com.lojaapi.command.entrega.UmaEntrega.ATRASOS;
import static br.com.lojaapi.command.entrega.UmaEntrega.ID;
import static br.com.lojaapi.command.entrega.UmaEntrega.LOJA;
import static br.com.lojaapi.command.entrega.UmaEntrega.T0;
import static br.com.lojaapi.command.entrega.UmaEntrega.WEBHOOK;
import static br.com.lojaapi.command.entrega.UmaEntrega.agendada;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

/**
 * An attempt queued by the earlier version as a db-scheduler execution ({@code webhook-envio}) is moved, when it
 * runs, to the send queue of its own with its body read from the delivery's start, and the sender woken; one whose
 * outcome is already recorded is not queued again.
 */
class EnvioDaFilaAntigaTest {

    private final EmbeddedEventStore eventos = EmbeddedEventStore.builder()
                                                         .storageEngine(new InMemoryEventStorageEngine()).build();
    private final FilaDeWebhooks fila = mock(FilaDeWebhooks.class);
    private final DespachoDeWebhooks despacho = mock(DespachoDeWebhooks.class);
    private final OneTimeTask<Void> tarefa = new FilaDeEnvios().tarefaDeEnvio(provedor(eventos), provedor(fila),
            provedor(despacho));

    @Test
    void execucaoAntigaPassaParaAFilaNovaComOCorpo() {
        publicar(new EntregaIniciadaEvent(ID, LOJA, WEBHOOK, "pedido.criado", "{\"a\":1}", ATRASOS, T0, false),
                agendada(1, 1));

        tarefa.executeOnce(new TaskInstance<>(FilaDeEnvios.TAREFA, ID + "/1/1"), null);

        verify(fila).enfileirar(ID, 1, 1, WEBHOOK, LOJA, "pedido.criado", "{\"a\":1}");
        verify(despacho).acordar();
    }

    @Test
    void execucaoAntigaDeTentativaJaRegistradaNaoEnfileiraNada() {
        publicar(new EntregaIniciadaEvent(ID, LOJA, WEBHOOK, "pedido.criado", "{}", ATRASOS, T0, false),
                agendada(1, 1), new TentativaRegistradaEvent(ID, LOJA, WEBHOOK, 1, 1, true, 200, 30, null, null,
                        T0, null));

        tarefa.executeOnce(new TaskInstance<>(FilaDeEnvios.TAREFA, ID + "/1/1"), null);

        verify(fila, never()).enfileirar(any(), anyInt(), anyInt(), any(), any(), any(), any());
        verify(despacho, never()).acordar();
    }

    private void publicar(Object... payloads) {
        for (int i = 0; i < payloads.length; i++) {
            eventos.publish(new GenericDomainEventMessage<>("Entrega", ID, i, payloads[i]));
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> ObjectProvider<T> provedor(T objeto) {
        ObjectProvider<T> provedor = mock(ObjectProvider.class);
        when(provedor.getObject()).thenReturn(objeto);
        return provedor;
    }
}
