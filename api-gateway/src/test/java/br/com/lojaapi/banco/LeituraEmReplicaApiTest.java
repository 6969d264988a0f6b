package br.com.lojaapi.banco;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.NoEmOutroProcesso;
import br.com.lojaapi.apoio.OutroNo;
import br.com.lojaapi.apoio.PostgresReplicado;
import br.com.lojaapi.apoio.PostgresReplicado.Servidor;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.apoio.TesteDeApi.LojaDeTeste;
import br.com.lojaapi.gateway.banco.UrlDoBanco;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Store reads on a hot standby (decision 074): a node in a JVM of its own on the primary alone
 * ({@code DATABASE_URL}), with the asynchronous standby as its one read replica ({@code DATABASE_REPLICA_URLS}).
 * Which server answered each read is told by {@code loja_leituras_total{servidor}}; no other store request runs
 * meanwhile, so the counters' differences are exact.
 * <ol>
 * <li>With the standby's replay paused, a write followed at once by a read with the same token sees the write, from
 * the primary (the standby, checked directly, does not have it); another token, which has not written since the
 * standby last replayed, reads from the standby; once the standby is further behind than the maximum lag, the
 * other token reads from the primary too.</li>
 * <li>Replay resumed: once the standby has caught up, the writer's reads are served by it.</li>
 * <li>The standby killed (SIGKILL) during a stream of reads: every read answers 200, and reads move to the
 * primary.</li>
 * </ol>
 * {@code DATABASE_REPLICA_MAX_LAG} is {@value #ATRASO_MAXIMO}: for the first seconds of the pause the standby stays
 * in use for tokens it is current enough for, so what keeps the writer's reads off it is read-your-writes alone;
 * once the pause has lasted longer, nobody reads from it until it has caught up.
 */
class LeituraEmReplicaApiTest {

    private static final String ADMIN = TesteDeApi.ADMIN;
    private static final Duration ESPERA = Duration.ofSeconds(60);
    private static final String REPLICA = "replica-1";
    private static final String PRIMARIO = "primario";
    private static final int LEITORES = 4;
    /** Long enough for step 1 to run with the standby paused but still in use, short enough to wait for. */
    private static final String ATRASO_MAXIMO = "8s";
    private static final String SINCRONIA = "/v1/produtos?atualizadoDesde=2000-01-01T00:00:00Z";

    @Test
    void leiturasNaReplicaComLeituraDaPropriaEscritaESemFalhaQuandoElaMorre() throws Exception {
        Map<String, Object> propriedades = new HashMap<>(OutroNo.SEM_LIMITES);
        propriedades.put("loja.nos.nome", "leitura-em-replica");
        propriedades.put("loja.banco.replicas-atraso-maximo", ATRASO_MAXIMO);
        try (PostgresReplicado pg = PostgresReplicado.iniciar(PostgresReplicado.Modo.ASSINCRONO)) {
            UrlDoBanco primario = new UrlDoBanco("jdbc:postgresql://127.0.0.1:" + pg.porta(Servidor.PRIMARIO)
                    + "/loja", "postgres", null);
            propriedades.put("loja.banco.replicas", "jdbc:postgresql://127.0.0.1:" + pg.porta(Servidor.STANDBY)
                    + "/loja");
            NoEmOutroProcesso no = NoEmOutroProcesso.iniciar("leitura-em-replica", primario, propriedades);
            try {
                no.aguardarPronto();
                executar(pg, no.cliente());
            } finally {
                no.close();
            }
        }
    }

    private void executar(PostgresReplicado pg, ClienteHttp api) throws Exception {
        LojaDeTeste escritora = TesteDeApi.novaLoja(api);
        LojaDeTeste outra = TesteDeApi.novaLoja(api);
        String daOutra = criarProduto(api, outra, "Produto da outra loja");

        // The other store's token reads from the standby once it has replayed that write.
        aguardar("uma leitura da outra loja servida pela réplica", () -> {
            double antes = leituras(api, REPLICA);
            assertThat(ler(api, outra, daOutra).status()).isEqualTo(200);
            return leituras(api, REPLICA) > antes;
        });

        // (1) Replay paused: the writer reads its write from the primary; the other token still reads the standby.
        pg.sql(Servidor.STANDBY, "SELECT pg_wal_replay_pause()");
        aguardar("a reprodução do standby pausada", () -> "paused".equals(
                pg.sql(Servidor.STANDBY, "SELECT pg_get_wal_replay_pause_state() AS estado").get(0).get("estado")));
        String produto = criarProduto(api, escritora, "Escrito com o standby pausado");
        double replicaAntes = leituras(api, REPLICA);
        double primarioAntes = leituras(api, PRIMARIO);
        Resposta lido = ler(api, escritora, produto);
        assertThat(lido.status()).as("a leitura logo após a escrita: %s", lido).isEqualTo(200);
        assertThat(lido.texto("nome")).isEqualTo("Escrito com o standby pausado");
        assertThat(leituras(api, PRIMARIO) - primarioAntes).as("leituras servidas pelo primário").isEqualTo(1);
        assertThat(leituras(api, REPLICA) - replicaAntes).as("leituras servidas pela réplica").isZero();
        // The standby would not have answered it: it does not have the product.
        assertThat(pg.sql(Servidor.STANDBY, "SELECT count(*) AS n FROM produto_view WHERE id = '" + produto + "'")
                     .get(0).get("n")).as("o produto no standby pausado").isEqualTo(0L);
        Resposta lista = api.get("/v1/produtos").token(escritora.token()).enviar();
        assertThat(lista.status()).isEqualTo(200);
        assertThat(lista.corpo()).contains(produto);
        Resposta sincroniaNoPrimario = api.get(SINCRONIA).token(escritora.token()).enviar();
        assertThat(sincroniaNoPrimario.status()).as(sincroniaNoPrimario.toString()).isEqualTo(200);
        assertThat(sincroniaNoPrimario.corpo()).contains(produto);
        assertThat(leituras(api, REPLICA) - replicaAntes).as("leituras da escritora servidas pela réplica").isZero();

        replicaAntes = leituras(api, REPLICA);
        assertThat(ler(api, outra, daOutra).status()).isEqualTo(200);
        Resposta sincroniaDaOutra = api.get(SINCRONIA).token(outra.token()).enviar();
        assertThat(sincroniaDaOutra.status()).as(sincroniaDaOutra.toString()).isEqualTo(200);
        assertThat(sincroniaDaOutra.corpo()).contains(daOutra);
        assertThat(leituras(api, REPLICA) - replicaAntes).as("leituras da outra loja servidas pela réplica")
                                                         .isEqualTo(2);
        JsonNode estado = api.get("/admin/replicas").token(ADMIN).enviar().json().get("replicas").get(0);
        assertThat(estado.get("url").asText()).isEqualTo("jdbc:postgresql://127.0.0.1:"
                + pg.porta(Servidor.STANDBY) + "/loja");
        assertThat(estado.get("emUso").asBoolean()).as("réplica em uso: %s", estado).isTrue();
        assertThat(estado.get("lsnReproduzida").asText()).matches("[0-9A-F]+/[0-9A-F]+");
        // Still paused: once it is further behind than the maximum lag, nobody reads from it.
        aguardar("a réplica fora de uso por atraso", () -> {
            JsonNode replica = api.get("/admin/replicas").token(ADMIN).enviar().json().get("replicas").get(0);
            return !replica.get("emUso").asBoolean() && replica.get("motivo").asText().startsWith("atrasada");
        });
        replicaAntes = leituras(api, REPLICA);
        primarioAntes = leituras(api, PRIMARIO);
        assertThat(ler(api, outra, daOutra).status()).isEqualTo(200);
        assertThat(leituras(api, REPLICA) - replicaAntes).as("leituras na réplica atrasada demais").isZero();
        assertThat(leituras(api, PRIMARIO) - primarioAntes).as("leituras no primário").isEqualTo(1);

        // (2) Replay resumed: once the standby has the write, the writer's reads go to it.
        pg.sql(Servidor.STANDBY, "SELECT pg_wal_replay_resume()");
        AtomicReference<Resposta> daReplica = new AtomicReference<>();
        aguardar("uma leitura da escritora servida pela réplica", () -> {
            double antes = leituras(api, REPLICA);
            Resposta resposta = ler(api, escritora, produto);
            assertThat(resposta.status()).as(resposta.toString()).isEqualTo(200);
            daReplica.set(resposta);
            return leituras(api, REPLICA) > antes;
        });
        // The same answer, and the same ETag, as the primary's.
        assertThat(daReplica.get().corpo()).isEqualTo(lido.corpo());
        assertThat(daReplica.get().cabecalho("ETag")).isNotBlank().isEqualTo(lido.cabecalho("ETag"));
        // Sync from the replica: once its settled bound covers the write, the primary's page, ETag included.
        aguardar("a página de sincronia da escritora, servida pela réplica, com o produto", () -> {
            double antes = leituras(api, REPLICA);
            Resposta resposta = api.get(SINCRONIA).token(escritora.token()).enviar();
            assertThat(resposta.status()).as(resposta.toString()).isEqualTo(200);
            daReplica.set(resposta);
            return leituras(api, REPLICA) > antes && resposta.corpo().contains(produto);
        });
        assertThat(daReplica.get().corpo()).isEqualTo(sincroniaNoPrimario.corpo());
        assertThat(daReplica.get().cabecalho("ETag")).isEqualTo(sincroniaNoPrimario.cabecalho("ETag"));

        // (3) The standby killed during a stream of reads: none fails, and they move to the primary.
        ConcurrentLinkedQueue<String> falhas = new ConcurrentLinkedQueue<>();
        AtomicInteger respondidas = new AtomicInteger();
        AtomicBoolean parar = new AtomicBoolean();
        ExecutorService leitores = Executors.newFixedThreadPool(LEITORES);
        try {
            List<Future<?>> tarefas = new ArrayList<>();
            for (int i = 0; i < LEITORES; i++) {
                LojaDeTeste loja = i % 2 == 0 ? escritora : outra;
                String id = i % 2 == 0 ? produto : daOutra;
                boolean listar = i >= 2;
                tarefas.add(leitores.submit(() -> {
                    while (!parar.get()) {
                        Resposta resposta = listar ? api.get("/v1/produtos").token(loja.token()).enviar()
                                : ler(api, loja, id);
                        respondidas.incrementAndGet();
                        if (resposta.status() != 200) {
                            falhas.add(resposta.toString());
                        }
                    }
                }));
            }
            double antesDaMorte = leituras(api, REPLICA);
            aguardar("leituras em curso servidas pela réplica", () -> leituras(api, REPLICA) > antesDaMorte + 20);
            pg.matarStandby();
            int naMorte = respondidas.get();
            aguardar("200 leituras após a morte do standby", () -> respondidas.get() > naMorte + 200);
            parar.set(true);
            for (Future<?> tarefa : tarefas) {
                tarefa.get(60, TimeUnit.SECONDS);
            }
        } finally {
            parar.set(true);
            leitores.shutdownNow();
        }
        assertThat(falhas).as("leituras que não responderam 200 (de %d)", respondidas.get()).isEmpty();
        replicaAntes = leituras(api, REPLICA);
        primarioAntes = leituras(api, PRIMARIO);
        for (int i = 0; i < 10; i++) {
            assertThat(ler(api, outra, daOutra).status()).isEqualTo(200);
        }
        assertThat(leituras(api, REPLICA) - replicaAntes).as("leituras servidas pela réplica morta").isZero();
        assertThat(leituras(api, PRIMARIO) - primarioAntes).as("leituras servidas pelo primário").isEqualTo(10);
        JsonNode fora = api.get("/admin/replicas").token(ADMIN).enviar().json().get("replicas").get(0);
        assertThat(fora.get("emUso").asBoolean()).as("réplica morta: %s", fora).isFalse();
    }

    private static String criarProduto(ClienteHttp api, LojaDeTeste loja, String nome) {
        Resposta criado = api.post("/v1/produtos").token(loja.token())
                             .json("{\"nome\":\"" + nome + "\",\"preco\":10}").enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return criado.texto("id");
    }

    private static Resposta ler(ClienteHttp api, LojaDeTeste loja, String produto) {
        return api.get("/v1/produtos/" + produto).token(loja.token()).enviar();
    }

    /** {@code loja_leituras_total{servidor}} on the node, 0 before its first read. */
    private static double leituras(ClienteHttp api, String servidor) {
        Resposta metricas = api.get("/actuator/prometheus").token(ADMIN).enviar();
        assertThat(metricas.status()).isEqualTo(200);
        double total = 0;
        for (String linha : metricas.corpo().split("\n")) {
            if (linha.startsWith("loja_leituras_total{") && linha.contains("servidor=\"" + servidor + "\"")) {
                total += Double.parseDouble(linha.substring(linha.lastIndexOf(' ') + 1));
            }
        }
        return total;
    }

    private static void aguardar(String oQue, BooleanSupplier condicao) throws InterruptedException {
        long fim = System.nanoTime() + ESPERA.toNanos();
        while (!condicao.getAsBoolean()) {
            if (System.nanoTime() > fim) {
                fail("esperava " + oQue + " em " + ESPERA);
            }
            Thread.sleep(50);
        }
    }
}
