package br.com.lojaapi.implantacao;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

/**
 * The product as a newcomer meets it: the packaged {@code store-api.jar}, started as the README says from a fresh
 * working directory with none of the settings (no DATA_DIR, no ADMIN_TOKEN, no DATABASE_URL, no S3_ENDPOINT), then
 * {@code docs/quickstart.sh} against it with its own defaults, a SIGTERM, and a second start that finds the data,
 * the operator token and the embedded database's password where the first left them; that database lets nobody in
 * without the password. Only the port is chosen, so a developer's running service on 8080 cannot get in the way.
 * Runs after {@code package} (failsafe), on the jar that phase built.
 */
class JarComoNovatoIT {

    private static final Duration PARA_SUBIR = Duration.ofMinutes(4);
    private static final Pattern PORTA_DO_BANCO_NO_LOG =
            Pattern.compile("PostgreSQL embutido ouvindo em localhost:(\\d+)");
    private static final Pattern TOKEN_NO_LOG = Pattern.compile("guardado em (\\S+) \\(modo 0600\\): (adm_\\S+)");
    private static final Pattern ONDE_ESTA_NO_LOG = Pattern.compile("Token de operador \\(/admin\\) guardado em (\\S+)");

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private Process servico;
    private Path trabalho;

    @Test
    void oJarSobeComOsPadroesOQuickstartPassaEUmReinicioGuardaDadosEToken() throws Exception {
        Path jar = Path.of(System.getProperty("loja.jar", "target/store-api.jar")).toAbsolutePath();
        Path quickstart = Path.of(System.getProperty("loja.quickstart", "../docs/quickstart.sh")).toAbsolutePath();
        assertThat(jar).as("o jar que o package construiu").isRegularFile();
        assertThat(quickstart).isRegularFile();
        trabalho = Files.createTempDirectory("loja-novato");
        int porta = portaLivre();
        String base = "http://localhost:" + porta;

        Path log1 = trabalho.resolve("primeiro-inicio.log");
        iniciar(jar, porta, log1);
        aguardarSaude(base, log1);
        Path arquivo = trabalho.resolve("data/admin-token");
        assertThat(arquivo).as("o token de operador guardado em DATA_DIR (./data)").isRegularFile();
        String conteudo = Files.readString(arquivo);
        assertThat(conteudo).matches("adm_[A-Za-z0-9_-]{43}\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(arquivo))).isEqualTo("rw-------");
        String token = conteudo.strip();
        assertThat(tokenNoLog(log1)).as("o token e onde está, impressos no primeiro início").containsExactly(
                arquivo.toRealPath().toString(), token);
        Path arquivoDaSenha = trabalho.resolve("data/pg-password");
        String senha = Files.readString(arquivoDaSenha);
        assertThat(senha).as("a senha do PostgreSQL embutido, 256 bits").matches("[A-Za-z0-9_-]{43}\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(arquivoDaSenha)))
                .isEqualTo("rw-------");
        soComASenha(log1, senha.strip());

        ProcessBuilder roteiro = new ProcessBuilder("bash", quickstart.toString()).directory(trabalho.toFile())
                .redirectErrorStream(true);
        roteiro.environment().remove("ADMIN_TOKEN");
        roteiro.environment().put("BASE_URL", base);
        Process execucao = roteiro.start();
        String saida = new String(execucao.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!execucao.waitFor(5, TimeUnit.MINUTES)) {
            execucao.destroyForcibly();
            fail("docs/quickstart.sh não terminou em 5 minutos:\n" + saida + cauda(log1));
        }
        if (execucao.exitValue() != 0) {
            fail("docs/quickstart.sh saiu com " + execucao.exitValue() + ":\n" + saida + cauda(log1));
        }
        HttpResponse<String> lojas = get(base + "/admin/lojas", token);
        assertThat(lojas.statusCode()).as(lojas.body()).isEqualTo(200);
        List<String> slugs = slugs(lojas.body());
        assertThat(slugs).as("as lojas que o quickstart criou").isNotEmpty();
        assertThat(linkDoPortal(base, token)).as("um link para quem usa o serviço: na porta em que ele escuta")
                .startsWith(base + "/portal/webhooks#");

        parar(log1);

        Path log2 = trabalho.resolve("segundo-inicio.log");
        iniciar(jar, porta, log2);
        aguardarSaude(base, log2);
        assertThat(Files.readString(arquivo)).as("o mesmo token depois de reiniciar").isEqualTo(conteudo);
        assertThat(Files.readString(arquivoDaSenha)).as("a mesma senha depois de reiniciar").isEqualTo(senha);
        soComASenha(log2, senha.strip());
        String segundo = Files.readString(log2);
        Matcher ondeEsta = ONDE_ESTA_NO_LOG.matcher(segundo);
        assertThat(ondeEsta.find()).as("onde o token está, dito no segundo início").isTrue();
        assertThat(ondeEsta.group(1)).isEqualTo(arquivo.toRealPath().toString());
        assertThat(segundo).as("o token, impresso só quando foi criado").doesNotContain(token);
        HttpResponse<String> depois = get(base + "/admin/lojas", token);
        assertThat(depois.statusCode()).as(depois.body()).isEqualTo(200);
        assertThat(slugs(depois.body())).as("as lojas depois de reiniciar").containsAll(slugs);
        parar(log2);
    }

    @AfterEach
    void encerrar() throws Exception {
        if (servico != null && servico.isAlive()) {
            servico.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        if (trabalho != null) {
            try (var caminhos = Files.walk(trabalho)) {
                caminhos.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private void iniciar(Path jar, int porta, Path log) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        ProcessBuilder processo = new ProcessBuilder(java, "-jar", jar.toString()).directory(trabalho.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        Map<String, String> ambiente = processo.environment();
        for (String variavel : List.of("DATA_DIR", "ADMIN_TOKEN", "DATABASE_URL", "DATABASE_USER",
                "DATABASE_PASSWORD", "S3_ENDPOINT", "S3_ACCESS_KEY", "S3_SECRET_KEY", "S3_BUCKET", "S3_REGION",
                "PUBLIC_BASE_URL", "ALLOW_PRIVATE_NETWORK_TARGETS", "ALLOW_METADATA_TARGETS")) {
            ambiente.remove(variavel);
        }
        ambiente.put("SERVER_PORT", Integer.toString(porta));
        servico = processo.start();
    }

    private void aguardarSaude(String base, Path log) throws Exception {
        Instant limite = Instant.now().plus(PARA_SUBIR);
        while (Instant.now().isBefore(limite)) {
            if (!servico.isAlive()) {
                fail("o serviço saiu com " + servico.exitValue() + " durante o início" + cauda(log));
            }
            try {
                HttpResponse<String> saude = get(base + "/actuator/health", null);
                if (saude.statusCode() == 200 && saude.body().contains("\"UP\"")) {
                    return;
                }
            } catch (IOException aindaNaoOuve) {
                // not listening yet
            }
            Thread.sleep(500);
        }
        fail("o serviço não ficou saudável em " + PARA_SUBIR + cauda(log));
    }

    /** SIGTERM, as a service manager stops it: it must end by itself, its embedded servers with it. */
    private void parar(Path log) throws Exception {
        servico.destroy();
        if (!servico.waitFor(90, TimeUnit.SECONDS)) {
            fail("o serviço não parou em 90 s depois do SIGTERM" + cauda(log));
        }
        assertThat(Files.readString(log)).as("o log do encerramento").doesNotContain(" ERROR ");
        assertThat(trabalho.resolve("data/pg/postmaster.pid")).as("o PostgreSQL embutido parou com o serviço")
                                                              .doesNotExist();
    }

    /**
     * The embedded PostgreSQL the jar started, on the port its log names, lets nobody in without the password, and
     * the password is never in the log.
     */
    private static void soComASenha(Path log, String senha) throws IOException, SQLException {
        String texto = Files.readString(log);
        assertThat(texto).as("a senha no log").doesNotContain(senha);
        Matcher porta = PORTA_DO_BANCO_NO_LOG.matcher(texto);
        assertThat(porta.find()).as("a porta do PostgreSQL embutido no log").isTrue();
        String url = "jdbc:postgresql://127.0.0.1:" + porta.group(1) + "/postgres";
        assertThatThrownBy(() -> DriverManager.getConnection(url, "postgres", null).close())
                .as("sem senha").isInstanceOf(SQLException.class);
        assertThatThrownBy(() -> DriverManager.getConnection(url, "postgres", senha + "x").close())
                .as("senha errada").isInstanceOf(SQLException.class)
                .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("28P01"));
        try (Connection conexao = DriverManager.getConnection(url, "postgres", senha)) {
            assertThat(conexao.isValid(5)).isTrue();
        }
    }

    /** A webhook portal link of a new store, made as its integrator would: PUBLIC_BASE_URL is not set. */
    private String linkDoPortal(String base, String tokenDeOperador) throws Exception {
        HttpResponse<String> loja = post(base + "/admin/lojas", tokenDeOperador,
                "{\"nome\":\"Portal\",\"slug\":\"portal-" + System.nanoTime() + "\"}");
        assertThat(loja.statusCode()).as(loja.body()).isEqualTo(201);
        Matcher id = Pattern.compile("\"id\":\"([^\"]+)\"").matcher(loja.body());
        assertThat(id.find()).as(loja.body()).isTrue();
        HttpResponse<String> token = post(base + "/admin/lojas/" + id.group(1) + "/tokens", tokenDeOperador,
                "{\"nome\":\"erp\"}");
        assertThat(token.statusCode()).as(token.body()).isEqualTo(201);
        Matcher segredo = Pattern.compile("\"token\":\"([^\"]+)\"").matcher(token.body());
        assertThat(segredo.find()).as(token.body()).isTrue();
        HttpResponse<String> link = post(base + "/v1/webhooks/portal", segredo.group(1), null);
        assertThat(link.statusCode()).as(link.body()).isEqualTo(201);
        Matcher url = Pattern.compile("\"url\":\"([^\"]+)\"").matcher(link.body());
        assertThat(url.find()).as(link.body()).isTrue();
        return url.group(1);
    }

    private HttpResponse<String> post(String url, String token, String json) throws Exception {
        HttpRequest pedido = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .POST(json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json))
                .build();
        return http.send(pedido, HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(String url, String token) throws Exception {
        HttpRequest.Builder pedido = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20));
        if (token != null) {
            pedido.header("Authorization", "Bearer " + token);
        }
        return http.send(pedido.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static List<String> tokenNoLog(Path log) throws IOException {
        Matcher encontrado = TOKEN_NO_LOG.matcher(Files.readString(log));
        assertThat(encontrado.find()).as("o token impresso no log").isTrue();
        return List.of(encontrado.group(1), encontrado.group(2));
    }

    private static List<String> slugs(String json) {
        return Pattern.compile("\"slug\":\"([^\"]+)\"").matcher(json).results().map(m -> m.group(1)).toList();
    }

    private static String cauda(Path log) {
        try {
            List<String> linhas = Files.readAllLines(log);
            return "\n--- últimas linhas de " + log.getFileName() + " ---\n"
                   + String.join("\n", linhas.subList(Math.max(0, linhas.size() - 60), linhas.size()));
        } catch (IOException e) {
            return "\n(sem log: " + e.getMessage() + ")";
        }
    }

    private static int portaLivre() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
