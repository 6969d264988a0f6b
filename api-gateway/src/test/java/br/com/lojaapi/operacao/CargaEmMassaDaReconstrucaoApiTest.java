package br.com.lojaapi.operacao;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.axonframework.serialization.upcasting.event.EventUpcaster;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.util.ReflectionTestUtils;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bulk load of a rebuild (decision 078) hands over to the copy's processor without losing or doubling an event:
 * orders written while it runs, and one whose creation was appended below the head the load started from but
 * committed only after the load had read past it (its transaction held open across the read), are all in the
 * swapped-in table, and that table is row for row the one the live processor built. The load runs in ranges small
 * enough that the store spans several, so that orders cross from one range to the next.
 */
class CargaEmMassaDaReconstrucaoApiTest extends TesteDeApi {

    private static final String COPIA = "reconstrucao_pedido_view.pedido_view";

    @Autowired
    private DataSource dataSource;

    @Autowired
    private JdbcTemplate jdbc;

    @Autowired
    private ApplicationContext contexto;

    @Test
    void eventosGravadosDuranteACargaEUmConfirmadoTardeAbaixoDaCabecaEstaoNaTabelaTrocada() throws Exception {
        LojaDeTeste loja = novaLoja();
        String produto = api.post("/v1/produtos").token(loja.token())
                            .json("{\"nome\":\"Pastel\",\"preco\":9}").enviar().texto("id");
        List<String> pedidos = new ArrayList<>();
        // each order's events far apart, as orders live among others: in the load, their later events fall in later
        // ranges than their creation
        for (int i = 0; i < 20; i++) {
            pedidos.add(pedidoNoBalcao(loja, produto));
        }
        for (int i = 0; i < 20; i += 2) {
            mudarStatus(loja, pedidos.get(i), "CONFIRMADO");
        }
        for (int i = 0; i < 20; i += 4) {
            mudarStatus(loja, pedidos.get(i), "PREPARANDO");
        }
        List<String> estruturaAntes = estrutura();
        Object fase = contexto.getBean("faseEmMassa");
        Object blocoConfigurado = ReflectionTestUtils.getField(fase, "bloco");
        ExecutorService escritor = Executors.newSingleThreadExecutor();
        AtomicBoolean parar = new AtomicBoolean();
        ConcurrentLinkedQueue<String> duranteACarga = new ConcurrentLinkedQueue<>();
        try (Connection tardia = dataSource.getConnection(); Connection trava = dataSource.getConnection();
             Statement comando = trava.createStatement()) {
            // an order's creation appended now, below the head the load will start from, committed only later
            tardia.setAutoCommit(false);
            String atrasado = UUID.randomUUID().toString();
            long indiceAtrasado = anexarCriacao(tardia, pedidos.get(1), atrasado);
            pedidos.add(pedidoNoBalcao(loja, produto));
            Future<?> escrevendo = escritor.submit(() -> {
                while (!parar.get()) {
                    String id = pedidoNoBalcao(loja, produto);
                    mudarStatus(loja, id, "CONFIRMADO");
                    duranteACarga.add(id);
                }
                return null;
            });
            aguardar("pedidos escritos antes da reconstrução", () -> duranteACarga.size() >= 2);

            trava.setAutoCommit(false);
            // ranges small enough that this store spans several: orders cross from one to the next, and their later
            // events go through the handlers after the earlier range is written
            long cabeca = jdbc.queryForObject("SELECT max(global_index) FROM domain_event_entry", Long.class);
            ReflectionTestUtils.setField(fase, "bloco", (int) Math.max(5, cabeca / 6));
            Resposta iniciado = api.post("/admin/projecoes/pedido-view/replay").token(ADMIN).enviar();
            assertThat(iniciado.status()).as(iniciado.toString()).isEqualTo(202);
            // the copy exists once the POST answered; this lock lets it fill but keeps it from being swapped in
            comando.execute("LOCK TABLE " + COPIA + " IN ACCESS SHARE MODE");
            aguardar("o fim da carga em massa", () -> jdbc.queryForObject(
                    "SELECT count(*) FROM token_entry WHERE processor_name = 'pedido-view@reconstrucao'",
                    Long.class) > 0);
            long cabecaDaCarga = jdbc.queryForObject(
                    "SELECT em_massa_ate FROM reconstrucao_projecao WHERE nome = 'pedido-view'", Long.class);
            assertThat(indiceAtrasado).as("a criação atrasada está abaixo da cabeça da carga")
                                      .isLessThan(cabecaDaCarga);
            int escritosAntes = duranteACarga.size();
            aguardar("pedidos escritos depois da carga", () -> duranteACarga.size() >= escritosAntes + 3);
            parar.set(true);
            escrevendo.get(30, TimeUnit.SECONDS);
            tardia.commit();
            pedidos.add(atrasado);
            pedidos.addAll(duranteACarga);
            aguardarAoVivo(loja, atrasado);
            String vivo = linhas(loja);

            trava.rollback();
            aguardar("a troca", () -> "concluida".equals(reconstrucao().get("estado").asText()));
            assertThat(linhas(loja)).as("a tabela reconstruída, linha a linha").isEqualTo(vivo);
            // the copy's counts, kept by its triggers through the load, the handlers and the swap's catch-up
            assertThat(contagem(loja)).as("a contagem trocada").isEqualTo(contados(loja)).isNotEmpty();
            assertThat(api.get("/v1/pedidos?limite=1").token(loja.token()).enviar().json().get("paginacao")
                          .get("total").asLong()).isEqualTo(pedidos.size());
            // the table loaded LOGGED and indexed in parallel is the old one's twin, with statistics to plan by
            assertThat(estrutura()).isEqualTo(estruturaAntes);
            assertThat(jdbc.queryForList("""
                    SELECT attname FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'pedido_view'
                     ORDER BY attname""", String.class))
                    .as("colunas com estatísticas na tabela trocada")
                    .contains("criado_em", "global_index", "id", "loja_id", "numero", "status");
        } finally {
            parar.set(true);
            escritor.shutdownNow();
            ReflectionTestUtils.setField(fase, "bloco", blocoConfigurado);
        }
        for (String id : pedidos) {
            Resposta lido = api.get("/v1/pedidos/" + id).token(loja.token()).enviar();
            assertThat(lido.status()).as(id + ": " + lido).isEqualTo(200);
        }
    }

    /**
     * With an upcaster registered, the load cannot pick events by their stored type: every event of a range is read
     * whole and goes through the configuration's upcaster chain before the fold, as the event storage would pass
     * it. The rebuilt table is still the live one, row by row.
     */
    @Test
    void comUpcasterCadaEventoPassaPelaCadeiaEATabelaEAMesma() throws Exception {
        LojaDeTeste loja = novaLoja();
        String produto = api.post("/v1/produtos").token(loja.token())
                            .json("{\"nome\":\"Quibe\",\"preco\":6}").enviar().texto("id");
        List<String> pedidos = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            pedidos.add(pedidoNoBalcao(loja, produto));
        }
        for (int i = 0; i < 8; i += 2) {
            mudarStatus(loja, pedidos.get(i), "CONFIRMADO");
        }
        aguardarAoVivo(loja, pedidos.get(7));
        String vivo = linhas(loja);
        EventUpcaster identidade = eventos -> eventos;
        DefaultListableBeanFactory fabrica = new DefaultListableBeanFactory();
        fabrica.registerSingleton("identidade", identidade);
        Object fase = contexto.getBean("faseEmMassa");
        Object upcastersConfigurados = ReflectionTestUtils.getField(fase, "upcasters");
        Object blocoConfigurado = ReflectionTestUtils.getField(fase, "bloco");
        try {
            ReflectionTestUtils.setField(fase, "upcasters", fabrica.getBeanProvider(EventUpcaster.class));
            long cabeca = jdbc.queryForObject("SELECT max(global_index) FROM domain_event_entry", Long.class);
            ReflectionTestUtils.setField(fase, "bloco", (int) Math.max(5, cabeca / 4));
            Resposta iniciado = api.post("/admin/projecoes/pedido-view/replay").token(ADMIN).enviar();
            assertThat(iniciado.status()).as(iniciado.toString()).isEqualTo(202);
            aguardar("a troca", () -> "concluida".equals(reconstrucao().get("estado").asText()));
        } finally {
            ReflectionTestUtils.setField(fase, "upcasters", upcastersConfigurados);
            ReflectionTestUtils.setField(fase, "bloco", blocoConfigurado);
        }
        assertThat(linhas(loja)).as("a tabela reconstruída, linha a linha").isEqualTo(vivo);
        assertThat(contagem(loja)).as("a contagem trocada").isEqualTo(contados(loja)).isNotEmpty();
    }

    /**
     * Appends, in {@code conexao}'s open transaction, the creation of a new order {@code novo}: a copy of the
     * creation event of {@code modelo} with its id replaced (as bench/reconstrucao.sql makes orders) and a number of
     * its own. Returns its global index.
     */
    private long anexarCriacao(Connection conexao, String modelo, String novo) throws Exception {
        try (PreparedStatement inserir = conexao.prepareStatement("""
                INSERT INTO domain_event_entry (aggregate_identifier, sequence_number, type, event_identifier,
                                                meta_data, payload, payload_revision, payload_type, time_stamp)
                SELECT ?, sequence_number, type, gen_random_uuid()::text, meta_data,
                       convert_to(regexp_replace(replace(convert_from(payload, 'UTF8'), aggregate_identifier, ?),
                                                 '^(\\{"pedidoId":"[^"]+","lojaId":"[^"]+","numero":)[0-9]+',
                                                 '\\1' || ?), 'UTF8'),
                       payload_revision, payload_type, time_stamp
                  FROM domain_event_entry WHERE aggregate_identifier = ? AND sequence_number = 0
                RETURNING global_index""")) {
            inserir.setString(1, novo);
            inserir.setString(2, novo);
            inserir.setLong(3, 900_000_000L + (System.nanoTime() & 0xFFFFFF));
            inserir.setString(4, modelo);
            try (ResultSet rs = inserir.executeQuery()) {
                assertThat(rs.next()).isTrue();
                return rs.getLong(1);
            }
        }
    }

    /** Persistence, index definitions and triggers of the live pedido_view, names included. */
    private List<String> estrutura() {
        List<String> linhas = new ArrayList<>();
        linhas.add("persistencia " + jdbc.queryForObject(
                "SELECT relpersistence FROM pg_class WHERE oid = to_regclass('pedido_view')", String.class));
        linhas.addAll(jdbc.queryForList("""
                SELECT indexdef FROM pg_indexes WHERE tablename = 'pedido_view' AND schemaname = current_schema()
                 ORDER BY indexname""", String.class));
        linhas.addAll(jdbc.queryForList("""
                SELECT tgname FROM pg_trigger WHERE tgrelid = to_regclass('pedido_view') AND NOT tgisinternal
                 ORDER BY tgname""", String.class));
        return linhas;
    }

    /** The store's kept count of live orders by status (decision 092), as {@code STATUS=n} lines. */
    private String contagem(LojaDeTeste loja) {
        return String.join("\n", jdbc.queryForList("""
                SELECT status || '=' || SUM(quantidade) FROM pedido_contagem WHERE loja_id = ?
                 GROUP BY status HAVING SUM(quantidade) <> 0 ORDER BY status""", String.class, loja.id()));
    }

    /** The same counted from the store's rows of the read model. */
    private String contados(LojaDeTeste loja) {
        return String.join("\n", jdbc.queryForList("""
                SELECT status || '=' || COUNT(*) FROM pedido_view WHERE loja_id = ? AND removido_em IS NULL
                 GROUP BY status ORDER BY status""", String.class, loja.id()));
    }

    /** The store's rows of the read model, whole, in id order. */
    private String linhas(LojaDeTeste loja) {
        return String.join("\n", jdbc.queryForList(
                "SELECT p::text FROM pedido_view p WHERE loja_id = ? ORDER BY id", String.class, loja.id()));
    }

    /** Until the live processor has applied the late order and is at the head. */
    private void aguardarAoVivo(LojaDeTeste loja, String id) throws InterruptedException {
        aguardar("o pedido atrasado no modelo ao vivo", () -> api.get("/v1/pedidos/" + id).token(loja.token())
                                                                 .enviar().status() == 200);
        aguardar("o processador ao vivo na cabeça", () -> {
            for (JsonNode p : api.get("/admin/projecoes").token(ADMIN).enviar().json().get("projecoes")) {
                if (p.get("nome").asText().equals("pedido-view")) {
                    return p.get("atraso").asLong() == 0;
                }
            }
            return false;
        });
    }


    private void mudarStatus(LojaDeTeste loja, String id, String status) {
        Resposta mudado = api.metodo("PATCH", "/v1/pedidos/" + id).token(loja.token())
                             .json("{\"status\":\"" + status + "\"}").enviar();
        assertThat(mudado.status()).as(mudado.toString()).isEqualTo(200);
    }

    private JsonNode reconstrucao() {
        for (JsonNode p : api.get("/admin/projecoes").token(ADMIN).enviar().json().get("projecoes")) {
            if (p.get("nome").asText().equals("pedido-view")) {
                assertThat(p.get("reconstrucao").get("estado").asText()).as(p.toString()).isNotEqualTo("falhou");
                return p.get("reconstrucao");
            }
        }
        throw new AssertionError("sem pedido-view");
    }

    private static void aguardar(String oQue, BooleanSupplier condicao) throws InterruptedException {
        Instant limite = Instant.now().plus(Duration.ofSeconds(60));
        while (!condicao.getAsBoolean()) {
            if (Instant.now().isAfter(limite)) {
                throw new AssertionError("esperou demais por " + oQue);
            }
            Thread.sleep(20);
        }
    }
}
