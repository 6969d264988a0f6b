package br.com.lojaapi.operacao;

import br.com.lojaapi.apoio.CpuOcupada;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The boundary of a rebuild's swap, made wide on purpose: orders are written after the copy reached the head and
 * before the swap (the test holds a lock that keeps the copy from being finished), then clients read them
 * continuously across the swap, while another client keeps writing and reading back its writes and every core is
 * kept busy from the test. Before the copy was caught up under the swap's lock, the swapped-in table lacked
 * them until the live processor applied them again, and these reads answered 404.
 */
class TrocaDaReconstrucaoApiTest extends TesteDeApi {

    private static final String COPIA = "reconstrucao_pedido_view.pedido_view";

    @Autowired
    private DataSource dataSource;

    @Autowired
    private JdbcTemplate jdbc;

    @Test
    void pedidosEscritosEntreACopiaAlcancarACabecaEATrocaNuncaSomem() throws Exception {
        LojaDeTeste loja = novaLoja();
        String produto = api.post("/v1/produtos").token(loja.token())
                            .json("{\"nome\":\"Coxinha\",\"preco\":7}").enviar().texto("id");
        for (int i = 0; i < 20; i++) {
            pedidoNoBalcao(loja, produto);
        }
        List<String> novos = new ArrayList<>();
        ConcurrentLinkedQueue<String> falhas = new ConcurrentLinkedQueue<>();
        AtomicInteger leituras = new AtomicInteger();
        AtomicBoolean parar = new AtomicBoolean();
        ConcurrentLinkedQueue<String> naTroca = new ConcurrentLinkedQueue<>();
        ExecutorService leitores = Executors.newFixedThreadPool(4);
        try (Connection trava = dataSource.getConnection(); Statement comando = trava.createStatement()) {
            trava.setAutoCommit(false);
            travarAntesDeFinalizar(trava, comando);
            // written now: in the live table (read-your-writes answered 201), not in the stopped copy
            for (int i = 0; i < 30; i++) {
                novos.add(pedidoNoBalcao(loja, produto));
            }
            List<Future<?>> tarefas = new ArrayList<>();
            for (int leitor = 0; leitor < 3; leitor++) {
                int primeiro = leitor;
                tarefas.add(leitores.submit(() -> {
                    for (int i = primeiro; !parar.get(); i++) {
                        String id = novos.get(i % novos.size());
                        Resposta lido = api.get("/v1/pedidos/" + id).token(loja.token()).enviar();
                        if (lido.status() != 200) {
                            falhas.add("GET " + id + ": " + lido);
                        }
                        leituras.incrementAndGet();
                    }
                    return null;
                }));
            }
            // and a client that keeps writing, so that writes land during the catch-up and the swap as well
            tarefas.add(leitores.submit(() -> {
                while (!parar.get()) {
                    String id = pedidoNoBalcao(loja, produto);
                    naTroca.add(id);
                    Resposta lido = api.get("/v1/pedidos/" + id).token(loja.token()).enviar();
                    if (lido.status() != 200) {
                        falhas.add("GET do pedido recém-criado " + id + ": " + lido);
                    }
                }
                return null;
            }));
            aguardar("leituras antes da troca", () -> leituras.get() >= 30);
            // every core busy from here to the swap: the window between catching up and swapping widens as on a
            // loaded machine
            try (CpuOcupada cpu = CpuOcupada.porNoMaximo(Duration.ofSeconds(60))) {
                trava.rollback();
                aguardar("a troca", () -> "concluida".equals(reconstrucao().get("estado").asText()));
            }
            int depoisDaTroca = leituras.get();
            aguardar("leituras depois da troca", () -> leituras.get() >= depoisDaTroca + 90);
            parar.set(true);
            for (Future<?> tarefa : tarefas) {
                tarefa.get(30, TimeUnit.SECONDS);
            }
        } finally {
            parar.set(true);
            leitores.shutdownNow();
        }
        assertThat(falhas).as("leituras que falharam em volta da troca").isEmpty();
        assertThat(naTroca).as("pedidos escritos em volta da troca").isNotEmpty();
        novos.addAll(naTroca);
        for (String id : novos) {
            Resposta lido = api.get("/v1/pedidos/" + id).token(loja.token()).enviar();
            assertThat(lido.status()).as(lido.toString()).isEqualTo(200);
        }
    }

    /**
     * Starts a rebuild and holds a lock that lets the copy fill but not become LOGGED ({@code finalizar}), then waits
     * until the rebuild waits for it. A small event store can be copied before the lock is taken: then again.
     */
    private void travarAntesDeFinalizar(Connection trava, Statement comando) throws Exception {
        for (int tentativa = 1; tentativa <= 5; tentativa++) {
            Resposta iniciado = api.post("/admin/projecoes/pedido-view/replay").token(ADMIN).enviar();
            assertThat(iniciado.status()).as(iniciado.toString()).isEqualTo(202);
            try {
                // the copy exists once the POST answered
                comando.execute("LOCK TABLE " + COPIA + " IN ACCESS SHARE MODE");
            } catch (SQLException copiaJaTrocada) {
                trava.rollback();
            }
            aguardar("a reconstrução esperar pela trava, ou terminar", () -> esperaPelaTrava()
                    || "concluida".equals(reconstrucao().get("estado").asText()));
            if (esperaPelaTrava()) {
                return;
            }
            trava.rollback();
        }
        throw new AssertionError("a cópia terminou antes da trava em todas as tentativas");
    }

    private boolean esperaPelaTrava() {
        return Boolean.TRUE.equals(jdbc.queryForObject("""
                SELECT EXISTS (SELECT 1 FROM pg_locks WHERE relation = to_regclass(?)
                                AND mode = 'AccessExclusiveLock' AND NOT granted)""", Boolean.class, COPIA));
    }


    private JsonNode reconstrucao() {
        Resposta resposta = api.get("/admin/projecoes").token(ADMIN).enviar();
        for (JsonNode p : resposta.json().get("projecoes")) {
            if (p.get("nome").asText().equals("pedido-view")) {
                assertThat(p.get("reconstrucao").get("estado").asText()).isNotEqualTo("falhou");
                return p.get("reconstrucao");
            }
        }
        throw new AssertionError("sem pedido-view: " + resposta);
    }

    private static void aguardar(String oQue, BooleanSupplier condicao) throws InterruptedException {
        Instant limite = Instant.now().plus(Duration.ofSeconds(120));
        while (!condicao.getAsBoolean()) {
            if (Instant.now().isAfter(limite)) {
                throw new AssertionError("esperou demais por " + oQue);
            }
            Thread.sleep(20);
        }
    }
}
