package br.com.lojaapi.command.comum;

import java.util.Collection;

/**
 * Reads the streams of several aggregates with one query, ahead of the commands that will load them in the current
 * transaction (under their locks): a use case that loads several aggregates makes one round trip instead of one
 * each. Outside a transaction it does nothing.
 */
public interface LeituraAntecipada {

    void antecipar(Collection<String> agregadoIds);
}
