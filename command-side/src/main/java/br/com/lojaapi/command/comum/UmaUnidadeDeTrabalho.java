package br.com.lojaapi.command.comum;

import org.axonframework.messaging.ResultMessage;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.messaging.unitofwork.RollbackConfigurationType;

import java.util.function.Supplier;

/**
 * Several commands of one use case as nested units of work of one root, inside the caller's database transaction.
 * Axon keeps on the root what the nested ones share: each aggregate is loaded once however many commands touch it
 * (the repository's managed aggregates), and every event is appended in one batch when the root commits, still
 * inside the transaction. Without it each command is a root of its own, which reloads its aggregate and appends
 * (and wakes the event store's reader) on its own.
 */
public final class UmaUnidadeDeTrabalho {

    private UmaUnidadeDeTrabalho() {
    }

    /** Runs {@code acao} in a new root unit of work, or in the current one when a unit of work is already running. */
    public static <T> T executar(Supplier<T> acao) {
        if (CurrentUnitOfWork.isStarted()) {
            return acao.get();
        }
        DefaultUnitOfWork<?> unidade = DefaultUnitOfWork.startAndGet(null);
        ResultMessage<T> resultado = unidade.executeWithResult(acao::get, RollbackConfigurationType.ANY_THROWABLE);
        if (resultado.isExceptional()) {
            Throwable erro = resultado.exceptionResult();
            if (erro instanceof RuntimeException naoVerificado) {
                throw naoVerificado;
            }
            if (erro instanceof Error grave) {
                throw grave;
            }
            throw new IllegalStateException(erro);
        }
        return resultado.getPayload();
    }
}
