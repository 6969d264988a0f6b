package br.com.lojaapi.gateway.banco;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The PostgreSQL the service runs on: external when {@code DATABASE_URL} is set, else the embedded server it
 * started itself (and stops on close).
 */
public final class BancoDaAplicacao implements AutoCloseable {

    private final UrlDoBanco url;
    private final PostgresEmbutido embutido;

    private BancoDaAplicacao(UrlDoBanco url, PostgresEmbutido embutido) {
        this.url = url;
        this.embutido = embutido;
    }

    public static BancoDaAplicacao externo(UrlDoBanco url) {
        return new BancoDaAplicacao(url, null);
    }

    public static BancoDaAplicacao embutido(Path diretorio, boolean duravel) throws IOException {
        PostgresEmbutido servidor = PostgresEmbutido.iniciar(diretorio, duravel, false);
        return new BancoDaAplicacao(servidor.url(), servidor);
    }

    public UrlDoBanco url() {
        return url;
    }

    public boolean isEmbutido() {
        return embutido != null;
    }

    @Override
    public void close() throws IOException {
        if (embutido != null) {
            embutido.close();
        }
    }
}
