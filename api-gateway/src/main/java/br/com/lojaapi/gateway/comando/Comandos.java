package br.com.lojaapi.gateway.comando;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.ConcurrencyException;
import org.axonframework.eventsourcing.IncompatibleAggregateException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Sends commands for the REST layer and turns what can go wrong into business errors: a missing (or deleted, or
 * foreign-type) aggregate is the resource's 404, and a business refusal raised anywhere in the command's unit of
 * work comes out as itself. An id that names an aggregate of another type cannot be loaded as this one
 * (Axon refuses it as incompatible): that too is the resource's 404. Two nodes changing one aggregate at once make one append fail on the event table's
 * unique key; that command is simply run again on the fresh state.
 */
@Component
public class Comandos {

    private static final Logger log = LoggerFactory.getLogger(Comandos.class);
    private static final int TENTATIVAS = 3;

    private final CommandGateway gateway;

    Comandos(CommandGateway gateway) {
        this.gateway = gateway;
    }

    /** Runs the command and returns the aggregate version it produced. */
    public long enviar(Object comando, String recursoNaoEncontrado) {
        for (int tentativa = 1; ; tentativa++) {
            try {
                Long versao = gateway.sendAndWait(comando);
                return versao;
            } catch (RuntimeException e) {
                ErroDeNegocio negocio = causa(e, ErroDeNegocio.class);
                if (negocio != null) {
                    throw negocio;
                }
                if (causa(e, AggregateNotFoundException.class) != null
                        || causa(e, IncompatibleAggregateException.class) != null) {
                    throw ErroDeNegocio.naoEncontrado(recursoNaoEncontrado);
                }
                boolean conflito = causa(e, ConcurrencyException.class) != null;
                // Inside a caller's transaction the whole transaction must be retried, not one command.
                if (!conflito || tentativa == TENTATIVAS || TransactionSynchronizationManager.isActualTransactionActive()) {
                    throw e;
                }
                log.debug("Conflito de concorrência em {}; tentativa {}", comando.getClass().getSimpleName(), tentativa);
            }
        }
    }

    private static <T extends Throwable> T causa(Throwable erro, Class<T> tipo) {
        for (Throwable atual = erro; atual != null; atual = atual.getCause()) {
            if (tipo.isInstance(atual)) {
                return tipo.cast(atual);
            }
            if (atual.getCause() == atual) {
                break;
            }
        }
        return null;
    }
}
