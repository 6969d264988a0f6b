package br.com.lojaapi.command.comum;

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
}
