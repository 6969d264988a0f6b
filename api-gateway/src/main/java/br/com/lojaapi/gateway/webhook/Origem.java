package br.com.lojaapi.gateway.webhook;

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
     * only); null when the resource it shows no longer exists, and then nothing is sent.
     */
    @FunctionalInterface
    interface Dados<E> {
        Object de(E evento, long versao, Recursos recursos);
    }

    /** What {@code dados} may read beyond the event: resources as their GET shows them. */
    @FunctionalInterface
    interface Recursos {
        /** The product as GET /produtos/{id} shows it at this version or a later one; null when it was removed. */
        Object produto(String lojaId, String produtoId, long versao);
    }

    /** {@code dados} made from the event alone. */
    static <E> Origem<E> de(Class<E> classe, Function<E, String> loja, Function<E, ?> dados) {
        return new Origem<>(classe, loja, false, (evento, versao, recursos) -> dados.apply(evento));
    }

    /** {@code dados} made from the event and the aggregate's version after it. */
    static <E> Origem<E> versionada(Class<E> classe, Function<E, String> loja, BiFunction<E, Long, ?> dados) {
        return new Origem<>(classe, loja, true, (evento, versao, recursos) -> dados.apply(evento, versao));
    }

    /** {@code dados} read from the read model once it shows the aggregate's version after the event. */
    static <E> Origem<E> lida(Class<E> classe, Function<E, String> loja, Dados<E> dados) {
        return new Origem<>(classe, loja, true, dados);
    }
}
