package br.com.lojaapi.gateway.banco;

import br.com.lojaapi.gateway.infra.ArquivoSecreto;
import org.postgresql.PGConnection;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The embedded server's superuser password, and the rule that no connection gets in without it. The password is
 * 256 random bits generated at the first start and kept in a file of its own next to the data directory
 * ({@code DATA_DIR/pg-password}, mode 0600); every connection the service opens carries it ({@link UrlDoBanco}).
 * A new cluster gets it from initdb along with scram-sha-256 for every line of {@code pg_hba.conf}. A cluster an
 * earlier version created (zonky's {@code initdb -A trust}: any local process in as superuser, without a password)
 * is brought to the same rule at start ({@link #exigir}).
 */
final class SenhaDoBancoEmbutido {

    static final String METODO = "scram-sha-256";
    static final String SUFIXO_DO_ARQUIVO = "-password";

    private static final SecureRandom ALEATORIO = new SecureRandom();
    private static final Pattern FORMATO = Pattern.compile("[A-Za-z0-9_-]{32,200}");
    /** {@code trust} as a whole word: pg_hba.conf separates its fields with blanks. */
    private static final Pattern TRUST = Pattern.compile("(?<=^|\\s)trust(?=\\s|$)");

    private SenhaDoBancoEmbutido() {
    }

    /**
     * Where the password of the server on {@code diretorio} is kept, next to it: {@code DATA_DIR/pg}'s is
     * {@code DATA_DIR/pg-password}. Not inside it: initdb wants an empty directory.
     */
    static Path arquivo(Path diretorio) {
        Path absoluto = diretorio.toAbsolutePath().normalize();
        return absoluto.resolveSibling(absoluto.getFileName() + SUFIXO_DO_ARQUIVO);
    }

    /** The kept password, or a new one written to {@code arquivo} (mode 0600) on the first start. */
    static ArquivoSecreto.Lido lerOuCriar(Path arquivo) throws IOException {
        return ArquivoSecreto.lerOuCriar(arquivo, SenhaDoBancoEmbutido::gerar, SenhaDoBancoEmbutido::valida,
                "a senha do PostgreSQL embutido (de 32 a 200 caracteres entre letras, dígitos, '-' e '_')");
    }

    /** 256 random bits, base64url without padding: 43 characters that need no quoting anywhere. */
    static String gerar() {
        byte[] bytes = new byte[32];
        ALEATORIO.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    static boolean valida(String senha) {
        return senha != null && FORMATO.matcher(senha).matches();
    }

    /** The lines of a {@code pg_hba.conf} that let a client in without a password ({@code trust}), as written. */
    static List<String> linhasSemSenha(String hba) {
        List<String> linhas = new ArrayList<>();
        for (String linha : hba.split("\n", -1)) {
            if (TRUST.matcher(semComentario(linha)).find()) {
                linhas.add(linha.strip());
            }
        }
        return linhas;
    }

    /** {@code hba} with {@code trust} replaced by {@link #METODO} on every line; comments and layout kept. */
    static String comSenha(String hba) {
        StringBuilder resultado = new StringBuilder(hba.length() + 64);
        String[] linhas = hba.split("\n", -1);
        for (int i = 0; i < linhas.length; i++) {
            String linha = linhas[i];
            String regra = semComentario(linha);
            resultado.append(TRUST.matcher(regra).replaceAll(Matcher.quoteReplacement(METODO)))
                     .append(linha, regra.length(), linha.length());
            if (i < linhas.length - 1) {
                resultado.append('\n');
            }
        }
        return resultado.toString();
    }

    private static String semComentario(String linha) {
        int comentario = linha.indexOf('#');
        return comentario < 0 ? linha : linha.substring(0, comentario);
    }

    /**
     * Brings a running cluster that still has {@code trust} lines to the rule: the superuser gets {@code senha}
     * (hashed with SCRAM by the driver, so the clear text is never sent to the server or written in its log),
     * {@code pg_hba.conf} gets scram-sha-256 where it had trust, and the server reloads it. Returns once a
     * connection without a password is refused. Safe to repeat: a start interrupted half-way migrates again.
     */
    static void exigir(UrlDoBanco url, Path hba, String senha) throws IOException, SQLException {
        Properties propriedades = url.propriedades("loja-api-senha", 10, 60);
        try (Connection conexao = DriverManager.getConnection(url.jdbcUrl(), propriedades)) {
            conexao.unwrap(PGConnection.class).alterUserPassword(url.usuario(), senha.toCharArray(), METODO);
            reescrever(hba, comSenha(Files.readString(hba, StandardCharsets.UTF_8)));
            try (Statement comando = conexao.createStatement()) {
                try (ResultSet regra = comando.executeQuery("SELECT line_number, auth_method, error FROM "
                        + "pg_hba_file_rules WHERE auth_method = 'trust' OR error IS NOT NULL ORDER BY 1 LIMIT 1")) {
                    if (regra.next()) {
                        throw new IllegalStateException("O pg_hba.conf do PostgreSQL embutido (" + hba + ") ainda "
                                + "não exige senha na linha " + regra.getInt(1) + " (" + regra.getString(2) + ", "
                                + regra.getString(3) + "): corrija-o e reinicie");
                    }
                }
                comando.execute("SELECT pg_reload_conf()");
            }
        }
        aguardarRecusaSemSenha(url);
    }

    /**
     * The reload is a signal the postmaster handles on its own time: until it has, a new connection still follows
     * the old rules. Bounded, so a server that never takes the new file stops the start rather than run open.
     */
    private static void aguardarRecusaSemSenha(UrlDoBanco url) throws SQLException {
        Properties semSenha = url.propriedades("loja-api-senha", 10, 60);
        semSenha.remove("password");
        long limite = System.nanoTime() + 10_000_000_000L;
        while (true) {
            try (Connection aceita = DriverManager.getConnection(url.jdbcUrl(), semSenha)) {
                if (System.nanoTime() > limite) {
                    throw new IllegalStateException("O PostgreSQL embutido ainda aceita conexões sem senha depois "
                            + "de recarregar o pg_hba.conf");
                }
            } catch (SQLException e) {
                if ("08004".equals(e.getSQLState()) || "28P01".equals(e.getSQLState())) {
                    return;
                }
                throw e;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrompido ao recarregar o pg_hba.conf", e);
            }
        }
    }

    /** The whole file under a temporary name, then moved into place: the server never reads half of it. */
    private static void reescrever(Path hba, String conteudo) throws IOException {
        Path pasta = hba.toAbsolutePath().getParent();
        boolean posix = Files.getFileStore(pasta).supportsFileAttributeView("posix");
        Path temporario = posix
                ? Files.createTempFile(pasta, "pg_hba", ".tmp", PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rw-------")))
                : Files.createTempFile(pasta, "pg_hba", ".tmp");
        try {
            Files.writeString(temporario, conteudo, StandardCharsets.UTF_8);
            Files.move(temporario, hba, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temporario);
        }
    }
}
