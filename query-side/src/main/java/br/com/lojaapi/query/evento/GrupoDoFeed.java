package br.com.lojaapi.query.evento;

/**
 * The event feed's processing group. The application registers it with a single segment, since the feed numbers
 * events in the order one writer sees them. Its name keys the feed's tracking token: it never changes.
 */
public final class GrupoDoFeed {

    public static final String NOME = "feed-de-eventos";

    private GrupoDoFeed() {
    }
}
