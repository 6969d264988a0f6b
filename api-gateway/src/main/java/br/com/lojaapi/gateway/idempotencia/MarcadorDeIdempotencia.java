package br.com.lojaapi.gateway.idempotencia;

import org.axonframework.commandhandling.CommandBus;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.modelling.command.CommandTargetResolver;
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
    private final CommandTargetResolver alvos;

    /** {@code alvos}: the application's resolver of command targets, the one its aggregates use. */
    MarcadorDeIdempotencia(CommandBus comandos, ChavesDeIdempotencia chaves, CommandTargetResolver alvos) {
        this.chaves = chaves;
        this.alvos = alvos;
        comandos.registerHandlerInterceptor(this);
    }

    /** The claim of the request running on this thread, and what it announced so far. */
    private static final class EmCurso {

        private final ChavesDeIdempotencia.Reivindicada reivindicada;
        private RecursoDaRequisicao.Anuncio anuncio;

        EmCurso(ChavesDeIdempotencia.Reivindicada reivindicada) {
            this.reivindicada = reivindicada;
        }

        ChavesDeIdempotencia.RecursoGuardado recurso(CommandMessage<?> comando, CommandTargetResolver alvos) {
            return anuncio == null ? null : anuncio.recurso(comando, alvos);
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
                    emCurso.recurso(u.getMessage(), alvos)));
        }
        return cadeia.proceed();
    }
}
