package br.com.lojaapi.gateway.banco;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The embedded server lets no connection in without its password: not over TCP on 127.0.0.1 or ::1, not over its
 * Unix socket; the password is kept in a file only its owner reads; a data directory made by an earlier version,
 * open to every local process ({@code trust}), is brought to the same rule at start with its data kept.
 */
class SenhaDoBancoEmbutidoTest {

    /** What a server sends a client that has not authenticated yet: AuthenticationOk, or a request for SASL. */
    private static final int AUTENTICADO = 0;
    private static final int SASL = 10;

    @TempDir
    Path dados;

    @Test
    void umServidorNovoSoAceitaASenhaGuardadaEmArquivoSoDoDono() throws Exception {
        Path diretorio = dados.resolve("pg");
        String senha;
        try (PostgresEmbutido pg = PostgresEmbutido.iniciar(diretorio, false, false)) {
            Path arquivo = dados.resolve("pg-password");
            assertThat(PostgresEmbutido.arquivoDaSenha(diretorio)).isEqualTo(arquivo);
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(arquivo))).isEqualTo("rw-------");
            senha = Files.readString(arquivo).strip();
            assertThat(senha).as("256 bits em base64url").matches("[A-Za-z0-9_-]{43}");
            assertThat(pg.url().senha()).isEqualTo(senha);

            semLinhaTrust(diretorio);
            exigeSenhaEmTodaParte(pg);

            try (Connection conexao = conectar(pg.url()); Statement comando = conexao.createStatement()) {
                comando.execute("CREATE TABLE guardado (valor text); INSERT INTO guardado VALUES ('antes')");
                try (ResultSet regras = comando.executeQuery(
                        "SELECT type, coalesce(address, ''), auth_method FROM pg_hba_file_rules")) {
                    List<String> lidas = new ArrayList<>();
                    while (regras.next()) {
                        lidas.add(regras.getString(1) + " " + regras.getString(2) + " " + regras.getString(3));
                    }
                    assertThat(lidas).as("as regras que o servidor lê")
                                     .contains("local  scram-sha-256", "host 127.0.0.1 scram-sha-256",
                                             "host ::1 scram-sha-256")
                                     .allMatch(r -> r.endsWith(" scram-sha-256"));
                }
            }
        }

        try (PostgresEmbutido pg = PostgresEmbutido.iniciar(diretorio, false, false)) {
            assertThat(pg.url().senha()).as("a mesma senha depois de reiniciar").isEqualTo(senha);
            assertThat(valorGuardado(pg.url())).isEqualTo("antes");
            semLinhaTrust(diretorio);
            exigeSenhaEmTodaParte(pg);
        }
    }

    @Test
    void umDiretorioDeVersaoAnteriorPassaAExigirSenhaSemPerderDados() throws Exception {
        Path diretorio = dados.resolve("pg");
        // How the earlier version created it: zonky's defaults, initdb -A trust.
        try (EmbeddedPostgres antigo = EmbeddedPostgres.builder().setDataDirectory(diretorio)
                                                       .setCleanDataDirectory(false)
                                                       .setRegisterShutdownHook(false).start();
             Connection conexao = antigo.getPostgresDatabase().getConnection();
             Statement comando = conexao.createStatement()) {
            comando.execute("CREATE TABLE guardado (valor text); INSERT INTO guardado VALUES ('de antes')");
        }
        assertThat(SenhaDoBancoEmbutido.linhasSemSenha(Files.readString(diretorio.resolve("pg_hba.conf"))))
                .as("o diretório antigo aceita sem senha").isNotEmpty();
        assertThat(dados.resolve("pg-password")).doesNotExist();

        ListAppender<ILoggingEvent> registro = capturarLog();
        String senha;
        try (PostgresEmbutido pg = PostgresEmbutido.iniciar(diretorio, false, false)) {
            senha = pg.url().senha();
            assertThat(valorGuardado(pg.url())).isEqualTo("de antes");
            semLinhaTrust(diretorio);
            exigeSenhaEmTodaParte(pg);
            Path arquivo = dados.resolve("pg-password");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(arquivo))).isEqualTo("rw-------");
            assertThat(Files.readString(arquivo).strip()).isEqualTo(senha);
        } finally {
            soltar(registro);
        }
        List<ILoggingEvent> linhas = registro.list;
        assertThat(linhas).as("o que foi feito, dito no log")
                          .anySatisfy(l -> {
                              assertThat(l.getLevel()).isEqualTo(Level.WARN);
                              assertThat(l.getFormattedMessage()).contains("aceitava conexões locais sem senha",
                                      "pg-password", "scram-sha-256", "dados foram mantidos");
                          });
        assertThat(linhas).as("a senha nunca vai ao log")
                          .noneMatch(l -> l.getFormattedMessage().contains(senha));

        ListAppender<ILoggingEvent> segundo = capturarLog();
        try (PostgresEmbutido pg = PostgresEmbutido.iniciar(diretorio, false, false)) {
            assertThat(pg.url().senha()).isEqualTo(senha);
            assertThat(valorGuardado(pg.url())).isEqualTo("de antes");
        } finally {
            soltar(segundo);
        }
        assertThat(segundo.list).as("migrado uma vez só")
                                .noneMatch(l -> l.getFormattedMessage().contains("aceitava conexões locais"));
    }

    @Test
    void semOArquivoDaSenhaUmDiretorioQueAExigeNaoSobe() throws Exception {
        Path diretorio = dados.resolve("pg");
        PostgresEmbutido.iniciar(diretorio, false, false).close();
        Files.delete(dados.resolve("pg-password"));

        assertThatThrownBy(() -> PostgresEmbutido.iniciar(diretorio, false, false))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("exige senha")
                .hasMessageContaining(dados.resolve("pg-password").toString());
        assertThat(diretorio.resolve("postmaster.pid")).as("nenhum servidor no ar").doesNotExist();
        assertThat(dados.resolve("pg-password")).as("nenhuma senha nova que o servidor não conhece").doesNotExist();
    }

    @Test
    void umArquivoDeSenhaQueNaoConfereParaOInicioSemDeixarServidorNoAr() throws Exception {
        Path diretorio = dados.resolve("pg");
        PostgresEmbutido.iniciar(diretorio, false, false).close();
        Files.writeString(dados.resolve("pg-password"), SenhaDoBancoEmbutido.gerar() + "\n");

        assertThatThrownBy(() -> PostgresEmbutido.iniciar(diretorio, false, false, 0, Duration.ofSeconds(3)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("recusou a senha")
                .hasMessageContaining(dados.resolve("pg-password").toString());
        assertThat(diretorio.resolve("postmaster.pid")).as("o servidor do início que falhou parou").doesNotExist();
    }

    @Test
    void trustViraScramSoNasRegrasComComentariosEFormatoMantidos() {
        String hba = """
                # METHOD can be "trust", "reject", "md5", "password", "scram-sha-256" ...
                # host all all 10.0.0.0/8 trust
                local   all             all                                     trust
                host    all             all             127.0.0.1/32            trust # de antes
                host    replication     all             ::1/128                 trust
                host    all             all             192.168.0.0/16          scram-sha-256
                """;

        assertThat(SenhaDoBancoEmbutido.linhasSemSenha(hba)).hasSize(3);
        assertThat(SenhaDoBancoEmbutido.comSenha(hba)).isEqualTo("""
                # METHOD can be "trust", "reject", "md5", "password", "scram-sha-256" ...
                # host all all 10.0.0.0/8 trust
                local   all             all                                     scram-sha-256
                host    all             all             127.0.0.1/32            scram-sha-256 # de antes
                host    replication     all             ::1/128                 scram-sha-256
                host    all             all             192.168.0.0/16          scram-sha-256
                """);
        assertThat(SenhaDoBancoEmbutido.linhasSemSenha(SenhaDoBancoEmbutido.comSenha(hba))).isEmpty();
    }

    @Test
    void senhasGeradasTem256BitsENaoSeRepetem() {
        String uma = SenhaDoBancoEmbutido.gerar();
        assertThat(uma).hasSize(43).matches("[A-Za-z0-9_-]+");
        assertThat(SenhaDoBancoEmbutido.valida(uma)).isTrue();
        assertThat(SenhaDoBancoEmbutido.gerar()).isNotEqualTo(uma);
        assertThat(SenhaDoBancoEmbutido.valida("curta")).isFalse();
        assertThat(SenhaDoBancoEmbutido.valida("a".repeat(40) + "'; DROP ROLE x")).isFalse();
    }

    private static void semLinhaTrust(Path diretorio) throws IOException {
        assertThat(SenhaDoBancoEmbutido.linhasSemSenha(Files.readString(diretorio.resolve("pg_hba.conf"))))
                .as("linhas trust no pg_hba.conf").isEmpty();
    }

    /**
     * Every way in to the server asks for the password: TCP on 127.0.0.1, on ::1 when the host has it, and each Unix
     * socket it listens on. Without the password, or with a wrong one, the driver is refused.
     */
    private static void exigeSenhaEmTodaParte(PostgresEmbutido pg) throws Exception {
        UrlDoBanco url = pg.url();
        List<String> enderecos = new ArrayList<>(List.of("127.0.0.1"));
        if (ouve(new InetSocketAddress(InetAddress.getByName("::1"), pg.porta()))) {
            enderecos.add("[::1]");
        }
        for (String endereco : enderecos) {
            String jdbc = "jdbc:postgresql://" + endereco + ":" + pg.porta() + "/postgres";
            assertThatThrownBy(() -> DriverManager.getConnection(jdbc, propriedades("postgres", null)).close())
                    .as("sem senha em %s", endereco).isInstanceOf(SQLException.class)
                    .hasMessageContaining("no password was provided");
            assertThatThrownBy(() -> DriverManager.getConnection(jdbc, propriedades("postgres", url.senha() + "x"))
                                                  .close())
                    .as("senha errada em %s", endereco).isInstanceOf(SQLException.class)
                    .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("28P01"));
            try (Connection certa = DriverManager.getConnection(jdbc, propriedades("postgres", url.senha()))) {
                assertThat(certa.isValid(5)).as("com a senha em %s", endereco).isTrue();
            }
            assertThat(pedidoDeAutenticacao(new InetSocketAddress(InetAddress.getByName(endereco.replaceAll(
                    "[\\[\\]]", "")), pg.porta()))).as("o que o servidor pede em %s", endereco).isEqualTo(SASL);
        }

        List<Path> soquetes = new ArrayList<>();
        try (Connection conexao = conectar(url); Statement comando = conexao.createStatement();
             ResultSet diretorios = comando.executeQuery("SHOW unix_socket_directories")) {
            diretorios.next();
            for (String diretorio : diretorios.getString(1).split(",")) {
                Path soquete = Path.of(diretorio.strip()).resolve(".s.PGSQL." + pg.porta());
                if (!diretorio.isBlank() && !diretorio.strip().startsWith("@") && Files.exists(soquete)) {
                    soquetes.add(soquete);
                }
            }
        }
        for (Path soquete : soquetes) {
            assertThat(pedidoDeAutenticacao(UnixDomainSocketAddress.of(soquete)))
                    .as("o que o servidor pede no soquete %s", soquete).isEqualTo(SASL).isNotEqualTo(AUTENTICADO);
        }
    }

    private static boolean ouve(SocketAddress endereco) {
        try (SocketChannel canal = SocketChannel.open(endereco)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The first answer of the server to a protocol 3.0 startup as {@code postgres}: the authentication it requests
     * ({@link #AUTENTICADO} when it wants none), or -1 for an outright error. Raw, so that the Unix socket, which
     * the JDBC driver cannot reach, is checked the same way as TCP.
     */
    private static int pedidoDeAutenticacao(SocketAddress endereco) throws Exception {
        return CompletableFuture.supplyAsync(() -> {
            try (SocketChannel canal = SocketChannel.open(endereco)) {
                byte[] parametros = "user\0postgres\0database\0postgres\0\0".getBytes(StandardCharsets.US_ASCII);
                ByteBuffer inicio = ByteBuffer.allocate(8 + parametros.length);
                inicio.putInt(8 + parametros.length).putInt(196608).put(parametros).flip();
                while (inicio.hasRemaining()) {
                    canal.write(inicio);
                }
                ByteBuffer resposta = ByteBuffer.allocate(9);
                while (resposta.hasRemaining() && canal.read(resposta) >= 0) {
                    // until the message type, its length and the authentication code are in
                }
                resposta.flip();
                if (resposta.remaining() >= 1 && resposta.get(0) == 'E') {
                    return -1;
                }
                assertThat(resposta.remaining()).isEqualTo(9);
                assertThat((char) resposta.get(0)).as("uma mensagem de autenticação").isEqualTo('R');
                return resposta.getInt(5);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }).get(30, TimeUnit.SECONDS);
    }

    private static String valorGuardado(UrlDoBanco url) throws SQLException {
        try (Connection conexao = conectar(url); Statement comando = conexao.createStatement();
             ResultSet linha = comando.executeQuery("SELECT valor FROM guardado")) {
            assertThat(linha.next()).isTrue();
            return linha.getString(1);
        }
    }

    private static Connection conectar(UrlDoBanco url) throws SQLException {
        return DriverManager.getConnection(url.jdbcUrl(), url.propriedades("teste", 10, 60));
    }

    private static Properties propriedades(String usuario, String senha) {
        Properties propriedades = new Properties();
        propriedades.setProperty("user", usuario);
        Optional.ofNullable(senha).ifPresent(s -> propriedades.setProperty("password", s));
        propriedades.setProperty("connectTimeout", "10");
        return propriedades;
    }

    private static ListAppender<ILoggingEvent> capturarLog() {
        ListAppender<ILoggingEvent> registro = new ListAppender<>();
        registro.start();
        ((Logger) LoggerFactory.getLogger(PostgresEmbutido.class)).addAppender(registro);
        return registro;
    }

    private static void soltar(ListAppender<ILoggingEvent> registro) {
        ((Logger) LoggerFactory.getLogger(PostgresEmbutido.class)).detachAppender(registro);
        registro.stop();
    }
}
