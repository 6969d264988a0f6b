package br.com.lojaapi.command.entrega;

import br.com.lojaapi.coreapi.entrega.RecuperacaoDoWebhookIniciadaEvent;
import br.com.lojaapi.coreapi.entrega.TentativaAgendadaEvent;
import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import java.time.Instant;

/**
 * The persistent send queue: each scheduled attempt becomes a db-scheduler execution, written in the same
 * transaction as the event that scheduled it (this handler runs subscribing, inside the command). So an attempt is
 * queued exactly when its event commits, survives a restart, and is picked by one node only; the HTTP call then runs
 * on db-scheduler's threads, never on an event processor's. A recovery of a webhook is queued the same way: one
 * execution that asks each of its deliveries for a new series.
 */
@Configuration(proxyBeanMethods = false)
public class FilaDeEnvios {

    /**
     * The queuing handler's processing group, which the application registers as a subscribing processor so the
     * handler runs inside the command's transaction. Its name keys the processor: it never changes.
     */
    public static final String GRUPO = "webhook-fila";
    static final String TAREFA = "webhook-envio";
    static final String TAREFA_DE_RECUPERACAO = "webhook-recuperacao";

    @Bean
    OneTimeTask<Void> tarefaDeEnvio(ObjectProvider<EntregadorDeWebhooks> entregador) {
        return Tasks.oneTime(TAREFA).execute((instancia, contexto) -> {
            Tentativa t = Tentativa.de(instancia.getId());
            entregador.getObject().entregar(t.entregaId(), t.serie(), t.tentativa());
        });
    }

    /** Its execution id is the recovery's, so queuing it twice queues it once. */
    @Bean
    OneTimeTask<Void> tarefaDeRecuperacao(ObjectProvider<RecuperadorDeWebhooks> recuperador) {
        return Tasks.oneTime(TAREFA_DE_RECUPERACAO)
                    .execute((instancia, contexto) -> recuperador.getObject().reenviar(instancia.getId()));
    }

    @Bean
    Enfileirador enfileiradorDeEnvios(ObjectProvider<Scheduler> agendador, OneTimeTask<Void> tarefaDeEnvio,
                                      OneTimeTask<Void> tarefaDeRecuperacao) {
        return new Enfileirador(agendador, tarefaDeEnvio, tarefaDeRecuperacao);
    }

    /** Identifies one attempt; it is also the execution's id, so queuing an attempt twice queues it once. */
    record Tentativa(String entregaId, int serie, int tentativa) {

        String id() {
            return entregaId + "/" + serie + "/" + tentativa;
        }

        static Tentativa de(String id) {
            String[] partes = id.split("/");
            return new Tentativa(partes[0], Integer.parseInt(partes[1]), Integer.parseInt(partes[2]));
        }
    }

    @ProcessingGroup(GRUPO)
    static class Enfileirador {

        private final ObjectProvider<Scheduler> agendador;
        private final OneTimeTask<Void> tarefa;
        private final OneTimeTask<Void> recuperacao;

        Enfileirador(ObjectProvider<Scheduler> agendador, OneTimeTask<Void> tarefa, OneTimeTask<Void> recuperacao) {
            this.agendador = agendador;
            this.tarefa = tarefa;
            this.recuperacao = recuperacao;
        }

        @EventHandler
        void on(TentativaAgendadaEvent evento) {
            agora(tarefa, new Tentativa(evento.entregaId(), evento.serie(), evento.tentativa()).id());
        }

        @EventHandler
        void on(RecuperacaoDoWebhookIniciadaEvent evento) {
            agora(recuperacao, evento.recuperacaoId());
        }

        private void agora(OneTimeTask<Void> tipo, String id) {
            Scheduler scheduler = agendador.getObject();
            scheduler.scheduleIfNotExists(tipo.instance(id), Instant.now());
            // Due at once: wake this node's scheduler when the row is visible, instead of at its next poll.
            if (TransactionSynchronizationManager.isSynchronizationActive()) {
                TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                    @Override
                    public void afterCommit() {
                        scheduler.triggerCheckForDueExecutions();
                    }
                });
            } else {
                scheduler.triggerCheckForDueExecutions();
            }
        }
    }
}
