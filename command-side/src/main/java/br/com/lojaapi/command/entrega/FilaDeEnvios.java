package br.com.lojaapi.command.entrega;

import br.com.lojaapi.coreapi.entrega.EntregaIniciadaEvent;
import br.com.lojaapi.coreapi.entrega.RecuperacaoDoWebhookIniciadaEvent;
import br.com.lojaapi.coreapi.entrega.TentativaAgendadaEvent;
import br.com.lojaapi.coreapi.entrega.TentativaRegistradaEvent;
import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.util.function.SingletonSupplier;

import java.time.Instant;

/**
 * The persistent send queue: each scheduled attempt becomes a row of {@code webhook_envio}, written in the same
 * transaction as the event that scheduled it (a delivery's start for its first attempt, decision 075; a
 * {@link TentativaAgendadaEvent} for any other; this handler runs subscribing, inside the command). So an attempt is
 * queued exactly when its event commits, survives a restart, and is claimed by one node at a time
 * ({@link DespachoDeWebhooks}); the HTTP call never runs on an event processor's thread. A recovery of a webhook is
 * queued as a db-scheduler execution that asks each of its deliveries for a new series.
 */
@Configuration(proxyBeanMethods = false)
public class FilaDeEnvios {

    /**
     * The queuing handler's processing group, which the application registers as a subscribing processor so the
     * handler runs inside the command's transaction. Its name keys the processor: it never changes.
     */
    public static final String GRUPO = "webhook-fila";
    /** The db-scheduler task of the earlier send queue: executions left by an earlier version move to the new one. */
    static final String TAREFA = "webhook-envio";
    static final String TAREFA_DE_RECUPERACAO = "webhook-recuperacao";

    /**
     * An attempt queued by an earlier version as a db-scheduler execution: moved to {@code webhook_envio} (with its
     * body read from the delivery's start), unless its outcome is already recorded.
     */
    @Bean
    OneTimeTask<Void> tarefaDeEnvio(ObjectProvider<EventStore> eventos, ObjectProvider<FilaDeWebhooks> fila,
                                    ObjectProvider<DespachoDeWebhooks> despacho) {
        return Tasks.oneTime(TAREFA).execute((instancia, contexto) -> {
            Tentativa t = Tentativa.de(instancia.getId());
            EntregaIniciadaEvent inicio = null;
            boolean registrada = false;
            DomainEventStream stream = eventos.getObject().readEvents(t.entregaId());
            while (stream.hasNext()) {
                Object evento = stream.next().getPayload();
                if (evento instanceof EntregaIniciadaEvent e) {
                    inicio = e;
                } else if (evento instanceof TentativaRegistradaEvent r && r.serie() == t.serie()
                           && r.tentativa() == t.tentativa()) {
                    registrada = true;
                }
            }
            if (inicio != null && !registrada) {
                fila.getObject().enfileirar(t.entregaId(), t.serie(), t.tentativa(), inicio.webhookId(),
                        inicio.lojaId(), inicio.evento(), inicio.corpo());
                despacho.getObject().acordar();
            }
        });
    }

    /** Its execution id is the recovery's, so queuing it twice queues it once. */
    @Bean
    OneTimeTask<Void> tarefaDeRecuperacao(ObjectProvider<RecuperadorDeWebhooks> recuperador) {
        return Tasks.oneTime(TAREFA_DE_RECUPERACAO)
                    .execute((instancia, contexto) -> recuperador.getObject().reenviar(instancia.getId()));
    }

    @Bean
    Enfileirador enfileiradorDeEnvios(ObjectProvider<Scheduler> agendador, OneTimeTask<Void> tarefaDeRecuperacao,
                                      ObjectProvider<FilaDeWebhooks> fila,
                                      ObjectProvider<DespachoDeWebhooks> despacho) {
        return new Enfileirador(agendador, tarefaDeRecuperacao, fila, despacho);
    }

    /** Identifies one attempt of the earlier queue: its execution id. */
    record Tentativa(String entregaId, int serie, int tentativa) {

        static Tentativa de(String id) {
            String[] partes = id.split("/");
            return new Tentativa(partes[0], Integer.parseInt(partes[1]), Integer.parseInt(partes[2]));
        }
    }

    /**
     * The queue and the sender are looked up when first needed (they depend on beans that depend on this one), then
     * kept: a lookup through the bean factory at every delivery's start cost more than the queuing itself.
     */
    @ProcessingGroup(GRUPO)
    static class Enfileirador {

        private final ObjectProvider<Scheduler> agendador;
        private final OneTimeTask<Void> recuperacao;
        private final SingletonSupplier<FilaDeWebhooks> fila;
        private final SingletonSupplier<DespachoDeWebhooks> despacho;

        Enfileirador(ObjectProvider<Scheduler> agendador, OneTimeTask<Void> recuperacao,
                     ObjectProvider<FilaDeWebhooks> fila, ObjectProvider<DespachoDeWebhooks> despacho) {
            this.agendador = agendador;
            this.recuperacao = recuperacao;
            this.fila = SingletonSupplier.of(fila::getObject);
            this.despacho = SingletonSupplier.of(despacho::getObject);
        }

        /** A delivery's start schedules its first attempt (decision 075), which is queued with its body. */
        @EventHandler
        void on(EntregaIniciadaEvent evento) {
            if (!evento.teste()) {
                fila.obtain().enfileirar(evento.entregaId(), 1, 1, evento.webhookId(), evento.lojaId(),
                        evento.evento(), evento.corpo());
                depoisDoCommit(() -> despacho.obtain().acordar());
            }
        }

        /** A later attempt, or a redelivery's first: its body is read from the delivery's start when it is sent. */
        @EventHandler
        void on(TentativaAgendadaEvent evento) {
            fila.obtain().enfileirar(evento.entregaId(), evento.serie(), evento.tentativa(), evento.webhookId(),
                    evento.lojaId(), null, null);
            depoisDoCommit(() -> despacho.obtain().acordar());
        }

        @EventHandler
        void on(RecuperacaoDoWebhookIniciadaEvent evento) {
            Scheduler scheduler = agendador.getObject();
            scheduler.scheduleIfNotExists(recuperacao.instance(evento.recuperacaoId()), Instant.now());
            depoisDoCommit(scheduler::triggerCheckForDueExecutions);
        }

        /** Due at once: wake this node when the row is visible, instead of at its next poll. */
        private static void depoisDoCommit(Runnable acao) {
            if (TransactionSynchronizationManager.isSynchronizationActive()) {
                TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                    @Override
                    public void afterCommit() {
                        acao.run();
                    }
                });
            } else {
                acao.run();
            }
        }
    }
}
