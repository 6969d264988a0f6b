package br.com.lojaapi.gateway.idempotencia;

import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.modelling.command.CommandTargetResolver;

import java.util.Set;

/**
 * The resource a write creates or changes, as its answer names it: its id and the path a GET reads it at (the
 * Location of a 201). The web layer announces it before the write sends its commands; with an
 * {@code Idempotency-Key}, {@link MarcadorDeIdempotencia} records it with the key in the transaction of each command,
 * so a retry whose response was lost (the node stopped between the commit and storing the response) is told where
 * the resource is instead of only that it exists. Without a key, announcing does nothing.
 * <p>
 * Either the web layer knows the id before anything is sent (one it generated for a new resource, or the one its
 * path names: {@link #anunciar}), or the command side picks it, under its locks, between a new id and an existing
 * resource (an upsert, an invoice sent again: {@link #anunciarAlvoDoComando}). Then the resource is the aggregate
 * targeted by the last command the request sends, which is how those use cases are written: whatever else they
 * create (a category for a product) comes first; an aggregate they change along after it (the order whose
 * tracking code a carrier label sets) is named as not being the resource.
 */
public final class RecursoDaRequisicao {

    private RecursoDaRequisicao() {
    }

    /** The path a resource of one kind is read at, from its id. */
    @FunctionalInterface
    public interface Local {
        String de(String id);
    }

    /** This request creates or changes the resource {@code id}, read at {@code local}. */
    public static void anunciar(String id, String local) {
        MarcadorDeIdempotencia.anunciar(new Fixo(new ChavesDeIdempotencia.RecursoGuardado(id, local)));
    }

    /**
     * This request creates or changes the aggregate its last command targets, read at {@code local} of its id;
     * commands to the aggregates {@code outros} (changed along with the resource) do not count.
     */
    public static void anunciarAlvoDoComando(Local local, String... outros) {
        MarcadorDeIdempotencia.anunciar(new AlvoDoComando(local, Set.of(outros)));
    }

    /** What was announced, turned into the resource when a command of the request commits. */
    sealed interface Anuncio {
        ChavesDeIdempotencia.RecursoGuardado recurso(CommandMessage<?> comando, CommandTargetResolver alvos);
    }

    private record Fixo(ChavesDeIdempotencia.RecursoGuardado recurso) implements Anuncio {
        @Override
        public ChavesDeIdempotencia.RecursoGuardado recurso(CommandMessage<?> comando, CommandTargetResolver alvos) {
            return recurso;
        }
    }

    private record AlvoDoComando(Local local, Set<String> outros) implements Anuncio {
        @Override
        public ChavesDeIdempotencia.RecursoGuardado recurso(CommandMessage<?> comando, CommandTargetResolver alvos) {
            String id;
            try {
                id = alvos.resolveTarget(comando).getIdentifier();
            } catch (IllegalArgumentException semAlvo) {
                // A command to no aggregate changes no resource of the store's API: what was recorded before stays.
                return null;
            }
            return outros.contains(id) ? null : new ChavesDeIdempotencia.RecursoGuardado(id, local.de(id));
        }
    }
}
