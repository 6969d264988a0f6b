package br.com.lojaapi.apoio;

/**
 * Which of surefire's test JVMs this is ({@code loja.testes.garfo}, surefire's fork number, set in the pom). Two of
 * them run at once, so what a test keeps outside its JVM, a database on a shared server ({@code DATABASE_URL}) or a
 * file under {@code target/}, carries it; run outside surefire's forks it is empty, and names stay as they were.
 */
final class Garfo {

    private static final String NUMERO = System.getProperty("loja.testes.garfo", "");

    private Garfo() {
    }

    /** {@code separador} and the fork's number, or nothing outside a fork. */
    static String sufixo(String separador) {
        return NUMERO.isBlank() ? "" : separador + NUMERO;
    }
}
