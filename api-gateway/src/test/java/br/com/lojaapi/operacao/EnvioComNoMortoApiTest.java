package br.com.lojaapi.operacao;

import br.com.lojaapi.apoio.BancoDeTestes;
import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.Documentos;
import br.com.lojaapi.apoio.NoEmOutroProcesso;
import br.com.lojaapi.apoio.OutroNo;
import br.com.lojaapi.apoio.ReceptorDeWebhooks;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.apoio.TesteDeApi.LojaDeTeste;
import br.com.lojaapi.gateway.banco.UrlDoBanco;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * kill -9 of a node in the middle of a fan-out: the attempts it had claimed (some sent, some not) are claimed again
 * by the survivor once their lease lapses, and every event it acknowledged reaches every webhook at least once. The
 * dead node runs in a JVM of its own, so nothing of it runs on (no shutdown, no last record). On a database of its
 * own: another test's node on the shared one would take a share of the queue.
 */
class EnvioComNoMortoApiTest {

    private static final Logger LOG = LoggerFactory.getLogger(EnvioComNoMortoApiTest.class);
    private static final int WEBHOOKS = 3;
    private static final int EVENTOS = 40;
    private static final Duration ESPERA = Duration.ofSeconds(90);

    private static UrlDoBanco banco;
    private static OutroNo a;
    private static ReceptorDeWebhooks receptor;

    @BeforeAll
    static void iniciar() {
        banco = BancoDeTestes.url("envio_no_morto");
        a = OutroNo.iniciar(banco, OutroNo.semLimites("a"));
        receptor = new ReceptorDeWebhooks();
    }

    @AfterAll
    static void parar() {
        if (receptor != null) {
            receptor.close();
        }
        if (a != null) {
            a.close();
        }
    }

    @Test
    void tentativasDeUmNoMortoSaoRetomadasENadaDoQueEleAceitouSePerde() throws Exception {
        NoEmOutroProcesso b = NoEmOutroProcesso.iniciar("envio-b", banco, OutroNo.semLimites("b"));
        try {
            b.aguardarPronto();
            ClienteHttp clienteA = a.cliente();
            ClienteHttp clienteB = b.cliente();
            LojaDeTeste loja = TesteDeApi.novaLoja(clienteA);
            List<String> caminhos = new ArrayList<>();
            for (int i = 0; i < WEBHOOKS; i++) {
                String caminho = "/morto/" + UUID.randomUUID();
                // slow enough that each node has attempts in flight when B dies
                receptor.demorar(caminho, Duration.ofMillis(700));
                Resposta criado = clienteA.post("/v1/webhooks").token(loja.token())
                                          .json("{\"nome\":\"R\",\"url\":\"" + receptor.url(caminho)
                                                + "\",\"eventos\":[\"cliente.criado\"]}").enviar();
                assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
                caminhos.add(caminho);
            }

            // every event acknowledged by B (201), then B dies holding claims
            Set<String> clientes = new HashSet<>();
            for (int i = 0; i < EVENTOS; i++) {
                Resposta criado = clienteB.post("/v1/clientes").token(loja.token())
                                          .json("{\"nome\":\"C" + i + "\",\"documento\":\"" + Documentos.cpf()
                                                + "\"}").enviar();
                assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
                clientes.add(criado.texto("id"));
            }
            aguardarClaimsDe("b/");
            b.matar();
            long morte = System.nanoTime();

            // A sends what B held once its lease lapses, and everything else: each event reaches each webhook
            for (String caminho : caminhos) {
                receptor.aguardar(caminho, recebidos -> {
                    Set<String> chegaram = new HashSet<>();
                    recebidos.forEach(r -> chegaram.add(r.idDosDados()));
                    return chegaram.containsAll(clientes);
                }, ESPERA, "todos os " + EVENTOS + " eventos em " + caminho);
            }
            // and what B had claimed, sent or not, is sent again and recorded by A once B's lease lapses
            aguardarFilaVazia();
            LOG.info("Fila vazia {} ms depois do kill -9 de B; {} requisições para {} entregas",
                     (System.nanoTime() - morte) / 1_000_000,
                     caminhos.stream().mapToInt(c -> receptor.recebidos(c).size()).sum(), WEBHOOKS * EVENTOS);
        } finally {
            b.close();
        }
    }

    /** Waits until node {@code prefixo}'s dispatcher holds claims in the queue (it has attempts in flight). */
    private static void aguardarClaimsDe(String prefixo) throws Exception {
        long fim = System.nanoTime() + ESPERA.toNanos();
        while (contar("SELECT count(*) FROM webhook_envio WHERE tomado_por LIKE '" + prefixo
                      + "%' AND tomado_ate > now()") == 0) {
            if (System.nanoTime() > fim) {
                fail("o nó " + prefixo + " nunca teve tentativas em andamento");
            }
            TimeUnit.MILLISECONDS.sleep(20);
        }
    }

    private static void aguardarFilaVazia() throws Exception {
        long fim = System.nanoTime() + ESPERA.toNanos();
        while (contar("SELECT count(*) FROM webhook_envio") > 0) {
            if (System.nanoTime() > fim) {
                fail("a fila não esvaziou: tentativas de B nunca retomadas");
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
    }

    private static long contar(String sql) throws Exception {
        try (Connection conexao = DriverManager.getConnection(banco.jdbcUrl(), banco.usuario(), banco.senha());
             ResultSet rs = conexao.createStatement().executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }


}
