package br.com.lojaapi.query.processamento.reconstrucao;

import java.util.List;

/**
 * What a projection offers to be rebuilt by a bulk load ({@link FaseEmMassa}) before its copy's processor takes
 * over: the event store read directly in large ranges, each aggregate created in a range folded in memory by the
 * projection's own rules and written as one row. A projection without one is rebuilt by its processor alone.
 */
public interface CargaEmMassa {

    /** The processing group whose copy this loads. */
    String processador();

    /** The payload types its handlers handle: the only events read (with no upcaster, by their stored type). */
    List<Class<?>> eventos();

    /** The table whose rows {@link Dobra#linhas()} gives, and its columns in their order. */
    String tabela();

    List<String> colunas();

    /** A fold of one range of the event store, on one thread. */
    Dobra dobra();

    interface Dobra {

        /**
         * One event of the range, in the order of the event store. False when its aggregate was not created in this
         * range: the event is then applied by the projection's handlers, after every earlier range is written.
         */
        boolean dobrar(Object evento, long sequencia, long indice);

        /** The rows of the aggregates created in this range, each in {@link #colunas()} order. */
        List<Object[]> linhas();
    }
}
