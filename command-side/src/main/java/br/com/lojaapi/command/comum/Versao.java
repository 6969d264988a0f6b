package br.com.lojaapi.command.comum;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import org.axonframework.modelling.command.AggregateLifecycle;

/**
 * Command handlers return the aggregate version their events produced: the gateway waits for the read model to
 * reach it before answering (read-your-writes), and it becomes the resource's {@code versao}.
 */
public final class Versao {

    private Versao() {
    }

    /** The sequence number of the last event applied by the handler that is running. */
    public static long atual() {
        Long versao = AggregateLifecycle.getVersion();
        if (versao == null) {
            throw new IllegalStateException("o agregado ainda não aplicou nenhum evento");
        }
        return versao;
    }

    /**
     * The {@code If-Match} check: refuses the command unless the aggregate is at one of the versions the client
     * expects. Called by a handler after it has confirmed the aggregate belongs to the caller's store (so another
     * store's id stays a 404) and before any other rule, inside the unit of work that appends: a concurrent append
     * makes this one fail on the event table's unique key, and the retry reloads the aggregate and refuses here.
     */
    public static void exigir(VersaoEsperada esperada) {
        if (esperada == null) {
            return;
        }
        long atual = atual();
        if (!esperada.aceita(atual)) {
            throw ErroDeNegocio.versaoDivergente(atual);
        }
    }
}
