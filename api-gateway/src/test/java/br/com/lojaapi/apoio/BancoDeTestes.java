package br.com.lojaapi.apoio;

import br.com.lojaapi.apoio.PostgresDeTestes.Conexao;
import br.com.lojaapi.gateway.banco.PostgresEmbutido;
import br.com.lojaapi.gateway.banco.UrlDoBanco;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The real PostgreSQL every test runs against, as {@link PostgresDeTestes} chooses it ({@code DATABASE_URL}, else
 * Testcontainers, else embedded), with the application's own pieces: {@code DATABASE_URL} read as the application
 * reads it, and the embedded server the application uses in its default mode, stopped by its watchdog once every
 * application context of the tests has closed its pool.
 */
public final class BancoDeTestes {

    private static final Logger log = LoggerFactory.getLogger(BancoDeTestes.class);
    private static final PostgresDeTestes.Servidores DA_APLICACAO = new PostgresDeTestes.Servidores() {
        @Override
        public Conexao externo(String url, String usuario, String senha) {
            return conexao(UrlDoBanco.interpretar(url, usuario, senha));
        }

        @Override
        public Conexao embutido() {
            try {
                // Stopped (and its directory removed) by the server's watchdog once this JVM has exited, after every
                // application context of the tests has closed its pool.
                Path diretorio = Files.createTempDirectory("loja-testes-pg");
                return conexao(PostgresEmbutido.iniciar(diretorio, false, true).url());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    };
    private static Path dados;

    private BancoDeTestes() {
    }

    public static UrlDoBanco url() {
        return url(PostgresDeTestes.principal(DA_APLICACAO));
    }

    /**
     * Another database on the same server, created on first use: for an application whose settings differ from the
     * other test nodes'. Nodes sharing a database share the work (event processors, webhook deliveries), so they
     * must agree on how to do it.
     */
    public static UrlDoBanco url(String banco) {
        return url(PostgresDeTestes.banco(PostgresDeTestes.principal(DA_APLICACAO), banco));
    }

    /**
     * DATA_DIR of every application the tests start (the embedded object store lives under it), shared by all of
     * them like one S3 bucket would be, and removed when the JVM exits.
     */
    public static synchronized Path diretorioDeDados() {
        if (dados == null) {
            try {
                dados = Files.createTempDirectory("loja-testes-dados");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Path alvo = dados;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> apagar(alvo)));
        }
        return dados;
    }

    public static void apagar(Path diretorio) {
        try (Stream<Path> caminhos = Files.walk(diretorio)) {
            caminhos.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            log.warn("Não foi possível apagar {}", diretorio);
        }
    }

    private static Conexao conexao(UrlDoBanco url) {
        return new Conexao(url.jdbcUrl(), url.usuario(), url.senha());
    }

    private static UrlDoBanco url(Conexao conexao) {
        return new UrlDoBanco(conexao.jdbcUrl(), conexao.usuario(), conexao.senha());
    }
}
