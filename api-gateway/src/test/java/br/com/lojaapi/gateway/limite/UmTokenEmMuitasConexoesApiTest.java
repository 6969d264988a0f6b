package br.com.lojaapi.gateway.limite;

import br.com.lojaapi.apoio.BancoDeTestes;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.gateway.banco.UrlDoBanco;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One token on many connections (a hub, or a bench with one store): its requests on one node do not queue one by
 * one on the token's row, they are charged together, and each still gets its own exact remaining count.
 */
class UmTokenEmMuitasConexoesApiTest extends TesteDeApi {

    private static final int CONEXOES = 16;
    /** TesteDeApi's quota. */
    private static final long LIMITE = 1_000_000;

    @Autowired
    LimiteDeRequisicoes limites;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void requisicoesQueChegamEnquantoUmaCobrancaEsperaPelaLinhaVaoNumaSoCobranca() throws Exception {
        LojaDeTeste loja = novaLoja();
        byte[] hash = MessageDigest.getInstance("SHA-256").digest(loja.token().getBytes(StandardCharsets.UTF_8));
        assertThat(api.get("/v1/categorias").token(loja.token()).enviar().status()).isEqualTo(200);
        ExecutorService clientes = Executors.newFixedThreadPool(CONEXOES);
        UrlDoBanco url = BancoDeTestes.url();
        try (Connection trava = DriverManager.getConnection(url.jdbcUrl(), url.usuario(), url.senha())) {
            // The token's row is held by another transaction, as by another node's charge that takes a while.
            trava.setAutoCommit(false);
            try (PreparedStatement linha = trava.prepareStatement("SELECT 1 FROM api_token WHERE hash = ? FOR UPDATE")) {
                linha.setBytes(1, hash);
                linha.executeQuery().close();
            }
            List<Future<Resposta>> respostas = new ArrayList<>();
            for (int i = 0; i < CONEXOES; i++) {
                respostas.add(clientes.submit(() -> api.get("/v1/categorias").token(loja.token()).enviar()));
            }
            // Every request is either queued on this node for the token's next charge or in a statement waiting
            // for the row.
            while (limites.esperando(hash) + esperandoPelaLinha() < CONEXOES) {
                Thread.sleep(2);
            }

            assertThat(esperandoPelaLinha()).as("cobranças deste nó esperando pela linha do token").isEqualTo(1);
            trava.rollback();

            Set<Long> restantes = new HashSet<>();
            for (Future<Resposta> futura : respostas) {
                Resposta resposta = futura.get();
                assertThat(resposta.status()).as(resposta.toString()).isEqualTo(200);
                restantes.add(Long.parseLong(resposta.cabecalho("X-RateLimit-Remaining")));
            }
            assertThat(restantes).as("cada requisição com a sua contagem")
                                 .containsExactlyInAnyOrderElementsOf(
                                         LongStream.rangeClosed(LIMITE - 1 - CONEXOES, LIMITE - 2).boxed().toList());
        } finally {
            clientes.shutdownNow();
        }
    }

    /** Statements of this test's database waiting for a row lock on api_token. */
    private int esperandoPelaLinha() {
        Integer esperando = jdbc.queryForObject("""
                SELECT count(*) FROM pg_stat_activity
                 WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%FROM api_token%'""",
                Integer.class);
        return esperando == null ? 0 : esperando;
    }
}
