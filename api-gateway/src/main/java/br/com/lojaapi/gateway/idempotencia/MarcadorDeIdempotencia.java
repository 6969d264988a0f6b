package br.com.lojaapi.gateway.idempotencia;

import org.axonframework.commandhandling.CommandBus;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.messaging.InterceptorChain;
import org.axonframework.messaging.MessageHandlerInterceptor;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.springframework.stereotype.Component;

/**
 * Marks the claimed key as having had an effect ({@code efetivada}) in the transaction of every command the
 * request sends, just before it commits. Commands run on the request's thread (the local command bus), which is
 * how the claim set by {@link IdempotenciaFilter} reaches them.
 */
@Component
class MarcadorDeIdempotencia implements MessageHandlerInterceptor<CommandMessage<?>> {

    private static final ThreadLocal<ChavesDeIdempotencia.Reivindicada> ATUAL = new ThreadLocal<>();

    private final ChavesDeIdempotencia chaves;

    MarcadorDeIdempotencia(CommandBus comandos, ChavesDeIdempotencia chaves) {
        this.chaves = chaves;
        comandos.registerHandlerInterceptor(this);
    }

    /** Makes the claim visible to the commands sent on this thread until {@link #dissociar()}. */
    static void associar(ChavesDeIdempotencia.Reivindicada reivindicada) {
        ATUAL.set(reivindicada);
    }

    static void dissociar() {
        ATUAL.remove();
    }

    @Override
    public Object handle(UnitOfWork<? extends CommandMessage<?>> unidade, InterceptorChain cadeia) throws Exception {
        ChavesDeIdempotencia.Reivindicada reivindicada = ATUAL.get();
        if (reivindicada != null) {
            unidade.onPrepareCommit(u -> chaves.marcarEfetivada(reivindicada));
        }
        return cadeia.proceed();
    }
}
