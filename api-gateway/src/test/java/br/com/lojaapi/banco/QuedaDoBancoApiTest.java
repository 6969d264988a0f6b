package br.com.lojaapi.banco;

import br.com.lojaapi.apoio.BancoDeTestes;
import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.OutroNo;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.gateway.banco.PostgresEmbutido;
import br.com.lojaapi.gateway.banco.UrlDoBanco;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * PostgreSQL stopped for real (pg_ctl stop -m fast) under a node, and started again on the same data directory and
 * port. The node has a server of its own: the shared test database must not go down under the other tests.
 * <p>
 * Time bounds are the requirement itself, measured generously for a loaded 2-core CI machine: a request during the
 * outage answers within 2 s (it waits at most DATABASE_CONNECTION_TIMEOUT, 1 s, for a pooled connection, and not at
 * all once the outage is confirmed; before, it waited 5 s and answered 500); readiness, a write read back and the
 * projections are current within 3 s of the server accepting connections again (the probe runs every 200 ms and
 * the processors are restarted at once; without that, Axon's back-off keeps them asleep 11 s or more, see QUEDA).
 */
class QuedaDoBancoApiTest {

    /**
     * Long enough for Axon's back-off to matter: its coordinators retry 1, 3, 7, 15 and 31 s after their first
     * failure, so without a restart they would sit out 11 s or more after a 20 s outage.
     */
    private static final Duration QUEDA = Duration.ofSeconds(20);
    private static final long RESPOSTA_NA_QUEDA_MS = 2_000;
    private static final long RETOMADA_MS = 3_000;
    private static final String ADMIN = TesteDeApi.ADMIN;

    @Test
    void quedaRespondeRapido503ComRetryAfterERetomaAssimQueOBancoVolta() throws Exception {
        Path dados = Files.createTempDirectory("loja-queda-pg");
        int porta = portaLivre();
        PostgresEmbutido pg = PostgresEmbutido.iniciar(dados, false, true, porta);
        UrlDoBanco url = pg.url();
        try (OutroNo no = OutroNo.iniciar(url, OutroNo.SEM_LIMITES)) {
            aquecerDescricao(no.porta());
            ClienteHttp api = no.cliente();
            TesteDeApi.LojaDeTeste loja = TesteDeApi.novaLoja(api);
            List<String> categorias = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                categorias.add(criado(api.post("/v1/categorias").token(loja.token())
                                         .json("{\"nome\":\"Antes " + i + "\"}").enviar()));
            }
            String produto = criado(api.post("/v1/produtos").token(loja.token())
                                       .json("{\"nome\":\"Café\",\"preco\":12.5}").enviar());
            String pedido = criado(api.post("/v1/pedidos").token(loja.token()).json(pedidoDe(produto)).enviar());

            Escritor escritor = new Escritor(no.cliente(), loja.token());
            Thread fundo = new Thread(escritor, "escritor-durante-a-queda");
            fundo.start();
            Thread.sleep(300);

            ListAppender<ILoggingEvent> registro = capturarLog();
            pg.close();
            long parado = System.nanoTime();

            List<Function<ClienteHttp, Resposta>> precisamDoBanco = List.of(
                    c -> c.get("/v1/categorias").token(loja.token()).enviar(),
                    c -> c.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"Na queda\"}").enviar(),
                    c -> c.get("/v1/pedidos/" + pedido).token(loja.token()).enviar(),
                    c -> c.post("/v1/pedidos").token(loja.token()).cabecalho("Idempotency-Key", UUID.randomUUID()
                                                                                                  .toString())
                          .json(pedidoDe(produto)).enviar(),
                    c -> c.get("/admin/lojas").token(ADMIN).enviar());
            List<String> lentas = new ArrayList<>();
            long maisLenta = 0;
            int naQueda = 0;
            boolean prontidaoCaiu = false;
            for (int i = 0; System.nanoTime() - parado < QUEDA.toNanos(); i++) {
                long inicio = System.nanoTime();
                Resposta resposta = precisamDoBanco.get(i % precisamDoBanco.size()).apply(api);
                long ms = (System.nanoTime() - inicio) / 1_000_000;
                assertThat(resposta.status()).as(resposta.toString()).isEqualTo(503);
                assertThat(resposta.cabecalho("Retry-After")).as(resposta.toString()).matches("[1-9][0-9]*");
                assertThat(resposta.texto("erro")).contains("Banco de dados indisponível");
                maisLenta = Math.max(maisLenta, ms);
                naQueda++;
                if (ms > RESPOSTA_NA_QUEDA_MS) {
                    lentas.add(i + ": " + ms + " ms");
                }
                // What needs no database goes on working: liveness, the description, a client's missing token.
                if (i % 10 == 0) {
                    assertThat(status(no, "/actuator/health/liveness")).isEqualTo(200);
                    assertThat(api.get("/v1/openapi.json").enviar().status()).isEqualTo(200);
                    assertThat(api.get("/v1/categorias").enviar().status()).isEqualTo(401);
                    prontidaoCaiu |= status(no, "/actuator/health/readiness") == 503;
                }
                Thread.sleep(50);
            }
            assertThat(lentas).as("respostas acima de %d ms durante a queda", RESPOSTA_NA_QUEDA_MS).isEmpty();
            assertThat(prontidaoCaiu).as("readiness DOWN durante a queda").isTrue();
            assertThat(status(no, "/actuator/health/readiness")).isEqualTo(503);

            pg = PostgresEmbutido.iniciar(dados, false, true, porta);
            long voltou = System.nanoTime();
            while (status(no, "/actuator/health/readiness") != 200 && desde(voltou) < 10_000) {
                Thread.sleep(20);
            }
            long prontidao = desde(voltou);
            assertThat(prontidao).as("readiness UP após a volta, em ms").isLessThanOrEqualTo(RETOMADA_MS);
            // Stopped now, joined later: its last write may be waiting for its read model, and that wait must not
            // delay what is measured next.
            escritor.parar();

            long inicio = System.nanoTime();
            Resposta depois = api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"Depois\"}").enviar();
            assertThat(depois.status()).as("escrita lida de volta: " + depois).isEqualTo(201);
            long escrita = desde(inicio);
            assertThat(escrita).as("escrita após a volta, em ms").isLessThanOrEqualTo(RETOMADA_MS);
            categorias.add(depois.texto("id"));

            List<String> atrasados = List.of("?");
            while (desde(voltou) < 15_000 && !(atrasados = atrasados(api)).isEmpty()) {
                Thread.sleep(50);
            }
            assertThat(atrasados).as("projeções atrás da cabeça ou paradas").isEmpty();
            long emDia = desde(voltou);
            assertThat(emDia).as("projeções em dia após a volta, em ms")
                                     .isLessThanOrEqualTo(prontidao + RETOMADA_MS);

            fundo.join(30_000);
            // (the driver's own `assert` about a connection lost in the middle of a batch is off in the tests, as
            // in production, where it raises 08003 instead: see the surefire argLine)
            List<ILoggingEvent> eventos = soltar(registro);
            System.out.printf("Queda: %d respostas 503, a mais lenta em %d ms; readiness UP %d ms após a volta; "
                              + "escrita lida de volta em %d ms; projeções em dia %d ms após a volta; %d eventos de "
                              + "log (%d INFO)%n", naQueda, maisLenta, prontidao, escrita, emDia, eventos.size(),
                    eventos.stream().filter(e -> e.getLevel() == Level.INFO).count());
            eventos.stream().filter(e -> e.getLevel() == Level.INFO).map(e -> e.getLoggerName() + ": "
                    + e.getFormattedMessage()).distinct().limit(40).forEach(System.out::println);
            List<ILoggingEvent> avisos = eventos.stream().filter(e -> e.getLevel().isGreaterOrEqual(Level.WARN))
                                                .toList();
            List<ILoggingEvent> comPilha = eventos.stream().filter(e -> e.getThrowableProxy() != null).toList();
            assertThat(comPilha).as(texto(comPilha)).isEmpty();
            assertThat(avisos).as(texto(avisos)).hasSizeLessThanOrEqualTo(3);
            assertThat(avisos).as(texto(avisos))
                              .filteredOn(e -> e.getFormattedMessage().startsWith("PostgreSQL inacessível")).hasSize(1);
            assertThat(eventos).filteredOn(e -> e.getFormattedMessage().startsWith("PostgreSQL acessível de novo"))
                               .hasSize(1);

            assertThat(escritor.inesperadas).as("respostas do escritor além de 201, 202 e 503").isEmpty();
            assertThat(escritor.aceitas).as("escritas aceitas pelo escritor").isNotEmpty();
            categorias.addAll(escritor.aceitas);
            for (String id : categorias) {
                Resposta lida = api.get("/v1/categorias/" + id).token(loja.token()).enviar();
                assertThat(lida.status()).as("categoria aceita " + id + ": " + lida).isEqualTo(200);
            }
            assertThat(api.get("/v1/produtos/" + produto).token(loja.token()).enviar().status()).isEqualTo(200);
            assertThat(api.get("/v1/pedidos/" + pedido).token(loja.token()).enviar().status()).isEqualTo(200);

            // With the database up, a client's mistake stays a 4xx and a real SQL error a logged 500.
            Resposta repetida = api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"Depois\"}").enviar();
            assertThat(repetida.status()).as(repetida.toString()).isEqualTo(400);
            erroDeSqlContinua500(api, no, url, loja.token());
        } finally {
            pg.close();
            BancoDeTestes.apagar(dados);
        }
    }

    /** A bug (here a missing table) is no outage: 500 with the generic message, its stack trace logged once. */
    private static void erroDeSqlContinua500(ClienteHttp api, OutroNo no, UrlDoBanco url, String token)
            throws Exception {
        executar(url, "ALTER TABLE cliente_view RENAME TO cliente_view_sumida");
        ListAppender<ILoggingEvent> registro = capturarLog();
        try {
            Resposta resposta = api.get("/v1/clientes").token(token).enviar();
            assertThat(resposta.status()).as(resposta.toString()).isEqualTo(500);
            assertThat(resposta.texto("erro")).isEqualTo("Erro interno; tente novamente");
            assertThat(resposta.cabecalho("Retry-After")).isNull();
            assertThat(status(no, "/actuator/health/readiness")).isEqualTo(200);
        } finally {
            executar(url, "ALTER TABLE cliente_view_sumida RENAME TO cliente_view");
        }
        List<ILoggingEvent> eventos = soltar(registro);
        assertThat(eventos).as(texto(eventos)).filteredOn(e -> e.getThrowableProxy() != null).hasSize(1);
        assertThat(eventos).noneMatch(e -> e.getFormattedMessage().startsWith("PostgreSQL inacessível"));
    }

    /** Writes categories one after another from before the outage until after it, noting what was accepted. */
    private static final class Escritor implements Runnable {

        private final ClienteHttp api;
        private final String token;
        private final AtomicBoolean ativo = new AtomicBoolean(true);
        final ConcurrentLinkedQueue<String> aceitas = new ConcurrentLinkedQueue<>();
        final ConcurrentLinkedQueue<String> inesperadas = new ConcurrentLinkedQueue<>();

        Escritor(ClienteHttp api, String token) {
            this.api = api;
            this.token = token;
        }

        void parar() {
            ativo.set(false);
        }

        @Override
        public void run() {
            for (int i = 0; ativo.get(); i++) {
                try {
                    Resposta resposta = api.post("/v1/categorias").token(token)
                                           .json("{\"nome\":\"Escritor " + i + "\"}").enviar();
                    switch (resposta.status()) {
                        case 201, 202 -> aceitas.add(resposta.texto("id"));
                        case 503 -> Thread.sleep(50);
                        default -> inesperadas.add(resposta.toString());
                    }
                } catch (InterruptedException e) {
                    return;
                } catch (RuntimeException e) {
                    inesperadas.add(e.toString());
                }
            }
        }
    }

    /** Processors not running, or behind the head of the event store. */
    private static List<String> atrasados(ClienteHttp api) {
        Resposta resposta = api.get("/admin/projecoes").token(ADMIN).enviar();
        if (resposta.status() != 200) {
            return List.of(resposta.toString());
        }
        List<String> atrasados = new ArrayList<>();
        for (JsonNode p : resposta.json().get("projecoes")) {
            if (!p.get("estado").asText().equals("running") || p.get("atraso").asLong() != 0) {
                atrasados.add(p.toString());
            }
        }
        return atrasados;
    }

    private static String criado(Resposta resposta) {
        assertThat(resposta.status()).as(resposta.toString()).isEqualTo(201);
        return resposta.texto("id");
    }

    private static String pedidoDe(String produto) {
        return "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":[{\"produtoId\":\"" + produto
               + "\",\"quantidade\":1}]}";
    }

    private static int status(OutroNo no, String caminho) {
        return no.cliente().get(caminho).enviar().status();
    }

    private static long desde(long nanos) {
        return (System.nanoTime() - nanos) / 1_000_000;
    }

    /**
     * springdoc builds the description on its first request, which took up to 40 s on a loaded machine: longer than
     * the 30 s the response validator allows itself to fetch it.
     */
    private static void aquecerDescricao(int porta) throws Exception {
        HttpResponse<Void> descricao = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + porta + "/v1/openapi.json"))
                           .timeout(Duration.ofMinutes(3)).build(), HttpResponse.BodyHandlers.discarding());
        assertThat(descricao.statusCode()).isEqualTo(200);
    }

    private static int portaLivre() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static void executar(UrlDoBanco url, String sql) throws Exception {
        try (Connection conexao = DriverManager.getConnection(url.jdbcUrl(), url.usuario(), url.senha());
             Statement comando = conexao.createStatement()) {
            comando.execute(sql);
        }
    }

    private static ListAppender<ILoggingEvent> capturarLog() {
        ListAppender<ILoggingEvent> registro = new ListAppender<>();
        registro.start();
        ((Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).addAppender(registro);
        return registro;
    }

    private static List<ILoggingEvent> soltar(ListAppender<ILoggingEvent> registro) {
        ((Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).detachAppender(registro);
        registro.stop();
        synchronized (registro) {
            return List.copyOf(registro.list);
        }
    }


    private static String texto(List<ILoggingEvent> eventos) {
        return eventos.stream().map(e -> e.getLevel() + " " + e.getLoggerName() + ": " + e.getFormattedMessage()
                                         + (e.getThrowableProxy() == null ? "" : " [" + e.getThrowableProxy()
                                                                                         .getClassName() + ": "
                                                                                 + e.getThrowableProxy().getMessage()
                                                                                 + "]"))
                      .collect(Collectors.joining("\n"));
    }
}
