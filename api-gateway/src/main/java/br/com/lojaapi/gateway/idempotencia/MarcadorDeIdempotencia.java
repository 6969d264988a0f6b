package br.com.lojaapi.gateway.idempotencia;

import org.axonframework.commandhandling.CommandBus;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.messaging.InterceptorChain;
import org.axonframework.messaging.MessageHandlerInterceptor;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.springframework.stereotype.Component;

/**
 * Marks the claimed key as having had an effect ({@code efetivada}), with the resource the request announced
 * ({@link RecursoDaRequisicao}), in the transaction of every command the request sends, just before it commits.
 * Commands run on the request's thread (the local command bus), which is how the claim set by
 * {@link IdempotenciaFilter} reaches them.
 */
@Component
class MarcadorDeIdempotencia implements MessageHandlerInterceptor<CommandMessage<?>> {

    private static final ThreadLocal<EmCurso> ATUAL = new ThreadLocal<>();

    private final ChavesDeIdempotencia chaves;

    MarcadorDeIdempotencia(CommandBus comandos, ChavesDeIdempotencia chaves) {
        this.chaves = chaves;
        comandos.registerHandlerInterceptor(this);
    }

    /** The claim of the request running on this thread, and what it announced so far. */
    private static final class EmCurso {

        private final ChavesDeIdempotencia.Reivindicada reivindicada;
        private RecursoDaRequisicao.Anuncio anuncio;

        EmCurso(ChavesDeIdempotencia.Reivindicada reivindicada) {
            this.reivindicada = reivindicada;
        }

        ChavesDeIdempotencia.RecursoGuardado recurso(CommandMessage<?> comando) {
            return anuncio == null ? null : anuncio.recurso(comando);
        }
    }

    /** Makes the claim visible to the commands sent on this thread until {@link #dissociar()}. */
    static void associar(ChavesDeIdempotencia.Reivindicada reivindicada) {
        ATUAL.set(new EmCurso(reivindicada));
    }

    static void dissociar() {
        ATUAL.remove();
    }

    /** The resource of the request on this thread, when it has a claim: the latest announcement wins. */
    static void anunciar(RecursoDaRequisicao.Anuncio anuncio) {
        EmCurso emCurso = ATUAL.get();
        if (emCurso != null) {
            emCurso.anuncio = anuncio;
        }
    }

    @Override
    public Object handle(UnitOfWork<? extends CommandMessage<?>> unidade, InterceptorChain cadeia) throws Exception {
        EmCurso emCurso = ATUAL.get();
        if (emCurso != null) {
            unidade.onPrepareCommit(u -> chaves.marcarEfetivada(emCurso.reivindicada,
                    emCurso.recurso(u.getMessage())));
        }
        return cadeia.proceed();
    }
}
