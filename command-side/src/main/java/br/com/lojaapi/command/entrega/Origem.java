package br.com.lojaapi.command.entrega;

import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * One event class a webhook kind is rendered from ({@link EventoDeWebhook}): the store the event belongs to, and
 * how its {@code dados} are made. A versioned origin needs the aggregate's version (its {@code dados} show it, or
 * read a resource at it), so it renders only events of an aggregate.
 */
record Origem<E>(Class<E> classe, Function<E, String> loja, boolean versionada, Dados<E> dados) {

    Origem {
        Objects.requireNonNull(classe, "classe");
        Objects.requireNonNull(loja, "loja");
        Objects.requireNonNull(dados, "dados");
    }

    /**
     * The {@code dados} of an event, given the aggregate's version after it (meaningful for a versioned origin
     * only) and the resources as their GET shows them; null when the resource it shows no longer exists, and then
     * nothing is sent.
     */
    @FunctionalInterface
    interface Dados<E> {
        Object de(E evento, long versao, RecursosComoGet recursos);
    }

    /** {@code dados} made from the event alone. */
    static <E> Origem<E> de(Class<E> classe, Function<E, String> loja, Function<E, ?> dados) {
        return new Origem<>(classe, loja, false, (evento, versao, recursos) -> dados.apply(evento));
    }

    /** {@code dados} made from the event, showing resources as their GET does. */
    static <E> Origem<E> comRecursos(Class<E> classe, Function<E, String> loja,
                                     BiFunction<E, RecursosComoGet, ?> dados) {
        return new Origem<>(classe, loja, false, (evento, versao, recursos) -> dados.apply(evento, recursos));
    }

    /**
     * {@code dados} made from the event and the aggregate's version after it: resources shown at that version, or
     * read from the read model once it shows that version.
     */
    static <E> Origem<E> versionada(Class<E> classe, Function<E, String> loja, Dados<E> dados) {
        return new Origem<>(classe, loja, true, dados);
    }
}
