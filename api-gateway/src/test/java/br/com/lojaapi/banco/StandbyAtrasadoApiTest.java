package br.com.lojaapi.banco;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.Documentos;
import br.com.lojaapi.apoio.NoEmOutroProcesso;
import br.com.lojaapi.apoio.OutroNo;
import br.com.lojaapi.apoio.PostgresReplicado;
import br.com.lojaapi.apoio.PostgresReplicado.Servidor;
import br.com.lojaapi.apoio.ReceptorDeWebhooks;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.apoio.TesteDeApi.LojaDeTeste;
import br.com.lojaapi.gateway.banco.LinhaDoTempo;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The primary lost while its asynchronous standby was behind (decision 073): the standby stopped replicating, the
 * node went on acknowledging customers on the primary (as asynchronous replication allows), then the primary died
 * and the standby was promoted without them. The node meets the older database on its first new connection, records
 * what it read that the database lacks and exits with status 75 before writing anything; started again (its
 * supervisor's job, done here by the test), it serves from the database as it is: what was lost is not shown, what
 * is written after is projected and delivered, and the operator finds the lost ids at /admin/linha-do-tempo.
 */
class StandbyAtrasadoApiTest {

    private static final Logger LOG = LoggerFactory.getLogger(StandbyAtrasadoApiTest.class);

    private static final int CLIENTES = 5;
    private static final Duration ESPERA = Duration.ofSeconds(90);

    @Test
    void standbyAtrasadoPromovidoONoParaRecomecaENadaDoQueSumiuEMostrado() throws Exception {
        try (PostgresReplicado pg = PostgresReplicado.iniciar(PostgresReplicado.Modo.ASSINCRONO);
             ReceptorDeWebhooks receptor = new ReceptorDeWebhooks()) {
            NoEmOutroProcesso primeiro = NoEmOutroProcesso.iniciar("atrasado-1", pg.urlJdbc(), OutroNo.semLimites("atrasado-1"));
            LojaDeTeste loja;
            String caminho;
            List<String> mantidos;
            List<String> perdidos;
            Instant promovido;
            try {
                primeiro.aguardarPronto();
                ClienteHttp api = primeiro.cliente();
                loja = TesteDeApi.novaLoja(api);
                caminho = "/atrasado/" + loja.id();
                Resposta webhook = api.post("/v1/webhooks").token(loja.token()).json("{\"nome\":\"R\",\"url\":\""
                        + receptor.url(caminho) + "\",\"eventos\":[\"cliente.criado\"]}").enviar();
                assertThat(webhook.status()).as(webhook.toString()).isEqualTo(201);
                mantidos = criarClientes(api, loja, "Mantido");
                aguardarStandbyEmDia(pg);

                pg.cortarStandby();
                perdidos = criarClientes(api, loja, "Perdido");
                for (String id : perdidos) {
                    assertThat(api.get("/v1/clientes/" + id).token(loja.token()).enviar().status()).isEqualTo(200);
                }
                pg.matarPrimario();
                promovido = pg.promover();

                assertThat(primeiro.aguardarSaida(ESPERA)).as("status de saída do nó").isEqualTo(LinhaDoTempo.SAIDA);
            } finally {
                primeiro.close();
            }
            long parou = Duration.between(promovido, Instant.now()).toMillis();

            // started again, as its supervisor would
            try (NoEmOutroProcesso segundo = NoEmOutroProcesso.iniciar("atrasado-2", pg.urlJdbc(),
                    OutroNo.semLimites("atrasado-2"))) {
                segundo.aguardarPronto();
                long deVolta = Duration.between(promovido, Instant.now()).toMillis();
                ClienteHttp api = segundo.cliente();

                for (String id : mantidos) {
                    assertThat(api.get("/v1/clientes/" + id).token(loja.token()).enviar().status()).as(id)
                                                                                               .isEqualTo(200);
                }
                for (String id : perdidos) {
                    assertThat(api.get("/v1/clientes/" + id).token(loja.token()).enviar().status())
                            .as("cliente perdido %s", id).isEqualTo(404);
                }
                Resposta lista = api.get("/v1/clientes?limite=100").token(loja.token()).enviar();
                assertThat(lista.status()).isEqualTo(200);
                Set<String> listados = new HashSet<>();
                lista.json().path("clientes").forEach(c -> listados.add(c.path("id").asText()));
                assertThat(listados).as(lista.corpo()).containsAll(mantidos).doesNotContainAnyElementsOf(perdidos);

                // what the operator is told: the lost customers, by id
                Resposta perdas = api.get("/admin/linha-do-tempo").token(TesteDeApi.ADMIN).enviar();
                assertThat(perdas.status()).as(perdas.toString()).isEqualTo(200);
                JsonNode perda = perdas.json().path("perdas").path(0);
                assertThat(perda.path("motivo").asText()).isEqualTo("EM_EXECUCAO");
                assertThat(perda.path("no").asText()).startsWith("atrasado-1");
                Set<String> listadosComoPerdidos = new HashSet<>();
                perda.path("eventos").forEach(e -> {
                    if ("Cliente".equals(e.path("tipoDeAgregado").asText())) {
                        listadosComoPerdidos.add(e.path("agregadoId").asText());
                    }
                });
                assertThat(listadosComoPerdidos).containsExactlyInAnyOrderElementsOf(perdidos);
                assertThat(perda.path("perdidos").asLong()).isGreaterThanOrEqualTo(CLIENTES);

                // what is written now is projected and delivered
                List<String> depois = criarClientes(api, loja, "Depois");
                receptor.aguardar(caminho, recebidos -> {
                    Set<String> chegaram = new HashSet<>();
                    recebidos.forEach(r -> chegaram.add(r.idDosDados()));
                    return chegaram.containsAll(depois);
                }, ESPERA, "cliente.criado dos clientes criados depois da promoção");
                LOG.info("Standby atrasado: o nó parou {} ms após a promoção e serviu de novo {} ms após ela; {} "
                        + "posições perdidas, {} eventos listados", parou, deVolta, perda.path("perdidos").asLong(),
                        perda.path("eventos").size());
            }
        }
    }

    /** Customers created and acknowledged (201: their read model was written before the answer). */
    private static List<String> criarClientes(ClienteHttp api, LojaDeTeste loja, String nome) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < CLIENTES; i++) {
            Resposta criado = api.post("/v1/clientes").token(loja.token()).json("{\"nome\":\"" + nome + " " + i
                    + "\",\"documento\":\"" + Documentos.cpf() + "\"}").enviar();
            assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
            ids.add(criado.texto("id"));
        }
        return ids;
    }

    private static void aguardarStandbyEmDia(PostgresReplicado pg) throws InterruptedException {
        Object lsn = pg.sql(Servidor.PRIMARIO, "SELECT pg_current_wal_lsn()::text AS lsn").get(0).get("lsn");
        aguardar("o standby repetir o WAL até " + lsn, () -> Boolean.TRUE.equals(pg.sql(Servidor.STANDBY,
                "SELECT pg_last_wal_replay_lsn() >= '" + lsn + "'::pg_lsn AS ok").get(0).get("ok")));
    }

    private static void aguardar(String oque, BooleanSupplier condicao) throws InterruptedException {
        long fim = System.nanoTime() + ESPERA.toNanos();
        while (!condicao.getAsBoolean()) {
            if (System.nanoTime() > fim) {
                fail("não aconteceu em " + ESPERA + ": " + oque);
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
    }


}
