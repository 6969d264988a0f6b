package br.com.lojaapi.banco;

import br.com.lojaapi.apoio.BancoDeTestes;
import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.NoEmOutroProcesso;
import br.com.lojaapi.apoio.OutroNo;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.apoio.TesteDeApi.LojaDeTeste;
import br.com.lojaapi.gateway.banco.UrlDoBanco;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * A database whose processor positions run past its newest event (it went back in time after a node wrote them from
 * memory, the state the old code left behind after a failover to a standby that was behind): a node starting on it
 * sets them back to the head before any processor runs, records the finding for the operator, and what is written
 * next is projected. Left alone, the next events would take global indexes below those positions and never be read.
 */
class PosicoesAlemDaCabecaApiTest {

    private static final Duration ESPERA = Duration.ofSeconds(60);
    private static final long ALEM = 500;

    @Test
    void posicoesAlemDaCabecaVoltamAElaAntesDeQualquerProcessadorEONovoEProjetado() throws Exception {
        UrlDoBanco banco = BancoDeTestes.url("alem_da_cabeca_" + UUID.randomUUID().toString().substring(0, 8));
        LojaDeTeste loja;
        String antes;
        try (NoEmOutroProcesso primeiro = NoEmOutroProcesso.iniciar("alem-1", banco, OutroNo.semLimites("alem-1"))) {
            primeiro.aguardarPronto();
            loja = TesteDeApi.novaLoja(primeiro.cliente());
            antes = criarCategoria(primeiro.cliente(), loja, "Antes");
            aguardarCategoria(primeiro.cliente(), loja, antes);
        }
        long cabeca = numero(banco, "SELECT max(global_index) FROM domain_event_entry");
        // what a node writing its in-memory position onto an older database leaves behind
        executar(banco, "UPDATE token_entry SET token = convert_to('{\"index\":" + (cabeca + ALEM)
                + ",\"gaps\":[]}', 'UTF8') WHERE processor_name = 'categoria-view'");

        try (NoEmOutroProcesso segundo = NoEmOutroProcesso.iniciar("alem-2", banco, OutroNo.semLimites("alem-2"))) {
            segundo.aguardarPronto();
            ClienteHttp cliente = segundo.cliente();
            String depois = criarCategoria(cliente, loja, "Depois");
            aguardarCategoria(cliente, loja, depois);
            assertThat(cliente.get("/v1/categorias/" + antes).token(loja.token()).enviar().status()).isEqualTo(200);

            Resposta perdas = cliente.get("/admin/linha-do-tempo").token(TesteDeApi.ADMIN).enviar();
            assertThat(perdas.status()).as(perdas.toString()).isEqualTo(200);
            JsonNode perda = perdas.json().path("perdas").path(0);
            assertThat(perda.path("motivo").asText()).isEqualTo("PARTIDA");
            assertThat(perda.path("cabeca").asLong()).isEqualTo(cabeca);
            assertThat(perda.path("marca").asLong()).isEqualTo(cabeca + ALEM);
            assertThat(perda.path("perdidos").asLong()).isEqualTo(ALEM);
            assertThat(perda.path("no").asText()).startsWith("alem-2");
            assertThat(numero(banco, "SELECT count(*) FROM linha_do_tempo_perdida")).isEqualTo(1);
            // a position a client may have seen is never given to a new event
            assertThat(numero(banco, "SELECT min(global_index) FROM domain_event_entry WHERE global_index > "
                    + cabeca)).isGreaterThan(cabeca + ALEM);
        }
    }

    private static String criarCategoria(ClienteHttp cliente, LojaDeTeste loja, String nome) {
        Resposta criada = cliente.post("/v1/categorias").token(loja.token())
                                 .json("{\"nome\":\"" + nome + "\"}").enviar();
        assertThat(criada.status()).as(criada.toString()).isIn(201, 202);
        return criada.texto("id");
    }

    private static void aguardarCategoria(ClienteHttp cliente, LojaDeTeste loja, String id) throws Exception {
        long fim = System.nanoTime() + ESPERA.toNanos();
        while (cliente.get("/v1/categorias/" + id).token(loja.token()).enviar().status() != 200) {
            if (System.nanoTime() > fim) {
                fail("a categoria " + id + " nunca foi projetada");
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
    }

    private static long numero(UrlDoBanco banco, String sql) throws Exception {
        try (Connection conexao = DriverManager.getConnection(banco.jdbcUrl(), banco.usuario(), banco.senha());
             ResultSet rs = conexao.createStatement().executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void executar(UrlDoBanco banco, String sql) throws Exception {
        try (Connection conexao = DriverManager.getConnection(banco.jdbcUrl(), banco.usuario(), banco.senha());
             Statement comando = conexao.createStatement()) {
            assertThat(comando.executeUpdate(sql)).isPositive();
        }
    }

}
