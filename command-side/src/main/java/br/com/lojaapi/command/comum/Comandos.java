package br.com.lojaapi.command.comum;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventsourcing.IncompatibleAggregateException;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.ConcurrencyException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import java.sql.SQLException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

/**
 * The way into the command side for the REST layer and the webhook deliveries: sends commands and turns what can
 * go wrong into business errors. A missing (or deleted) aggregate is the resource's 404, and so is an id that names
 * an aggregate of another type (Axon refuses to load it as incompatible); a business refusal raised anywhere in the
 * command's unit of work comes out as itself.
 * <p>
 * Two nodes changing one aggregate at once make one append fail on the event table's unique key; PostgreSQL may
 * also end a transaction as a deadlock victim. Either way the action is run again on the fresh state after a
 * short random pause, up to {@value #TENTATIVAS} times; a conflict that outlasts them is
 * {@link ConflitoPersistenteException} (503 with Retry-After), never a 500.
 */
@Component
public class Comandos {

    private static final Logger log = LoggerFactory.getLogger(Comandos.class);
    private static final int TENTATIVAS = 8;

    private final CommandGateway gateway;

    Comandos(CommandGateway gateway) {
        this.gateway = gateway;
    }

    /** Runs the command and returns the aggregate version it produced. */
    public long enviar(Object comando, String recursoNaoEncontrado) {
        Long versao = enviar(comando, Long.class, recursoNaoEncontrado);
        return versao;
    }

    /** Runs the command and returns what its handler returned. */
    public <R> R enviar(Object comando, Class<R> resultado, String recursoNaoEncontrado) {
        return executar(() -> resultado.cast(gateway.sendAndWait(comando)), recursoNaoEncontrado);
    }

    /**
     * Runs an action that sends commands (for example a transactional service sending several in one database
     * transaction) with the same error mapping, retrying the whole action on a concurrency conflict.
     */
    public <R> R executar(Supplier<R> acao, String recursoNaoEncontrado) {
        for (int tentativa = 1; ; tentativa++) {
            try {
                return acao.get();
            } catch (RuntimeException e) {
                ErroDeNegocio negocio = ErroDeNegocio.naCausa(e);
                if (negocio != null) {
                    throw negocio;
                }
                if (causa(e, AggregateNotFoundException.class) != null
                        || causa(e, IncompatibleAggregateException.class) != null) {
                    throw ErroDeNegocio.naoEncontrado(recursoNaoEncontrado);
                }
                if (causa(e, ConcurrencyException.class) == null && !transitorio(e)) {
                    throw e;
                }
                // Inside a caller's transaction the whole transaction must be retried, not one command.
                if (TransactionSynchronizationManager.isActualTransactionActive()) {
                    throw e;
                }
                if (tentativa == TENTATIVAS) {
                    throw new ConflitoPersistenteException(e);
                }
                log.debug("Conflito de concorrência; tentativa {}", tentativa);
                pausar(tentativa);
            }
        }
    }

    /** Random pause growing with the attempt (up to ~5, 10, 20, 40 ms...), so colliding writers spread out. */
    private static void pausar(int tentativa) {
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(1, 5L << Math.min(tentativa, 6)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConflitoPersistenteException(e);
        }
    }

    /**
     * PostgreSQL gave up on this transaction for another's sake (deadlock 40P01, serialization failure 40001):
     * running it again is the documented remedy.
     */
    private static boolean transitorio(Throwable erro) {
        for (Throwable atual = erro; atual != null; atual = atual.getCause()) {
            if (atual instanceof SQLException sql && ("40P01".equals(sql.getSQLState())
                    || "40001".equals(sql.getSQLState()))) {
                return true;
            }
            if (atual.getCause() == atual) {
                break;
            }
        }
        return false;
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
