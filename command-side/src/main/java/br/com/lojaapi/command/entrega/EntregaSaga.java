package br.com.lojaapi.command.entrega;

import br.com.lojaapi.coreapi.entrega.AgendarTentativaCommand;
import br.com.lojaapi.coreapi.entrega.TentativaRegistradaEvent;
import com.fasterxml.jackson.annotation.JsonAutoDetect;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.deadline.DeadlineManager;
import org.axonframework.deadline.annotation.DeadlineHandler;
import org.axonframework.modelling.saga.SagaEventHandler;
import org.axonframework.modelling.saga.SagaLifecycle;
import org.axonframework.modelling.saga.StartSaga;
import org.axonframework.spring.stereotype.Saga;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Drives one series of attempts of a delivery through its backoff: after a failed attempt it waits on a persistent
 * deadline (db-scheduler, so a restart mid-wait resumes it on any node) and then asks the {@link Entrega} for the
 * next attempt. It only dispatches commands: the attempt counter lives in the aggregate, and the HTTP call in the
 * sender ({@link DespachoDeWebhooks}), off this processor's thread. Its state is just the delivery it follows.
 * <p>
 * It starts at a series' first failure and ends with the attempt that ends the series (a success, or the last
 * failure): a delivery whose first attempt succeeds, nearly all of them, costs it one association lookup and no
 * stored saga (decision 072). A saga stored by an earlier version, started with its delivery, ends the same way.
 */
@Saga
@ProcessingGroup(EntregaSaga.GRUPO)
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY, getterVisibility = JsonAutoDetect.Visibility.NONE,
        isGetterVisibility = JsonAutoDetect.Visibility.NONE)
public class EntregaSaga {

    /** Never shared with a projection: sagas cannot be replayed, and this one's handlers have effects. */
    public static final String GRUPO = "entrega-webhook-saga";
    static final String PROXIMA_TENTATIVA = "proxima-tentativa";
    private static final String ASSOCIACAO = "entregaId";

    @Autowired
    private transient CommandGateway comandos;
    @Autowired
    private transient DeadlineManager prazos;

    private String entregaId;

    /** What the deadline carries: which attempt is due. */
    public record ProximaTentativa(String entregaId, int serie, int tentativa) {
    }

    /**
     * Found or started by the delivery: an attempt that ended its series ends the saga (one never stored, when it
     * was started by that same attempt); a failure with another attempt to come waits for it.
     */
    @StartSaga
    @SagaEventHandler(associationProperty = ASSOCIACAO)
    void on(TentativaRegistradaEvent evento) {
        entregaId = evento.entregaId();
        if (evento.proximaTentativaEm() == null) {
            SagaLifecycle.end();
            return;
        }
        prazos.schedule(evento.proximaTentativaEm(), PROXIMA_TENTATIVA,
                new ProximaTentativa(evento.entregaId(), evento.serie(), evento.tentativa() + 1));
    }

    @DeadlineHandler(deadlineName = PROXIMA_TENTATIVA)
    void on(ProximaTentativa prazo) {
        comandos.sendAndWait(new AgendarTentativaCommand(prazo.entregaId(), prazo.serie(), prazo.tentativa()));
    }
}
