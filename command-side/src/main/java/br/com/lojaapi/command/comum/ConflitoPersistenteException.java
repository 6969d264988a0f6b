package br.com.lojaapi.command.comum;

/** The same resource kept being changed concurrently; the client may simply try again. */
public class ConflitoPersistenteException extends RuntimeException {

    public ConflitoPersistenteException(Throwable causa) {
        super("conflito de concorrência persistente", causa);
    }
}
