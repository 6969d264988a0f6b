package br.com.lojaapi.query.comum;

/**
 * The LIKE pattern of a list's {@code busca}: the term anywhere, its own {@code %}, {@code _} and {@code \} taken
 * literally.
 */
public final class Contem {

    /** Follows every {@code LIKE} whose pattern comes from {@link #padrao}. */
    public static final String ESCAPE = " ESCAPE '\\'";

    private Contem() {
    }

    public static String padrao(String termo) {
        return "%" + termo.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }
}
