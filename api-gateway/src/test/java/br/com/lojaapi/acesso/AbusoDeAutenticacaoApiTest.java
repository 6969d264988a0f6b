package br.com.lojaapi.acesso;

import br.com.lojaapi.StoreApiApplication;
import br.com.lojaapi.apoio.AplicacaoNaPorta;
import br.com.lojaapi.apoio.BancoDeTestes;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import javax.sql.DataSource;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The limits on abuse, with small budgets: failed authentications per client address (every request here comes from
 * 127.0.0.1) and the operator's quota on /admin. A database of its own, so that the operator's quota, one row shared
 * by every node, is spent here and nowhere else. The methods run in order: the store is made while /admin still has
 * quota, and the address is blocked last.
 */
@SpringBootTest(classes = StoreApiApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"loja.admin.token=" + TesteDeApi.ADMIN,
                "loja.acesso.falhas-por-minuto=" + AbusoDeAutenticacaoApiTest.FALHAS,
                "loja.admin.limite-por-minuto=" + AbusoDeAutenticacaoApiTest.COTA_DO_OPERADOR})
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AbusoDeAutenticacaoApiTest extends AplicacaoNaPorta {

    static final int FALHAS = 10;
    static final int COTA_DO_OPERADOR = 8;
    private static final SecureRandom ALEATORIO = new SecureRandom();

    private static TesteDeApi.LojaDeTeste loja;

    @Autowired
    DataSource banco;

    @DynamicPropertySource
    static void banco(DynamicPropertyRegistry registro) {
        TesteDeApi.propriedadesDoBanco(registro, BancoDeTestes.url("abuso_de_autenticacao"));
    }

    @Test
    @Order(1)
    void aCotaDoOperadorRecusaOQuePassaDelaCom429ECabecalhos() {
        loja = TesteDeApi.novaLoja(api);  // two requests to /admin
        List<Integer> status = new ArrayList<>();
        Resposta ultima = null;
        for (int i = 0; i < COTA_DO_OPERADOR; i++) {
            ultima = api.get("/admin/lojas/" + loja.id()).token(TesteDeApi.ADMIN).enviar();
            status.add(ultima.status());
        }

        assertThat(status).containsExactly(200, 200, 200, 200, 200, 200, 429, 429);
        assertThat(ultima.texto("erro")).contains("Limite de " + COTA_DO_OPERADOR + " requisições por minuto");
        assertThat(ultima.cabecalho("X-RateLimit-Limit")).isEqualTo(Integer.toString(COTA_DO_OPERADOR));
        assertThat(ultima.cabecalho("X-RateLimit-Remaining")).isEqualTo("0");
        assertThat(Long.parseLong(ultima.cabecalho("Retry-After"))).isBetween(1L, 60L);
        // the store's own quota is its token's, not the operator's
        assertThat(api.get("/v1/categorias").token(loja.token()).enviar().status()).isEqualTo(200);
    }

    @Test
    @Order(2)
    void tokensAleatoriosDeUmEnderecoRecebem429DepoisDePoucosSemTocarNoBanco() throws Exception {
        assertThat(api.get("/v1/categorias").token(loja.token()).enviar().status()).isEqualTo(200);
        for (int i = 0; i < FALHAS; i++) {
            Resposta recusada = api.get("/v1/categorias").token(aleatorio()).enviar();
            assertThat(recusada.status()).as("tentativa %d", i + 1).isEqualTo(401);
        }

        List<Resposta> limitadas = new ArrayList<>();
        try (Connection travada = banco.getConnection()) {
            // Any lookup of a token would now wait for this lock: an answer proves no statement touched api_token.
            travada.setAutoCommit(false);
            try (Statement trava = travada.createStatement()) {
                trava.execute("LOCK TABLE api_token IN ACCESS EXCLUSIVE MODE");
            }
            for (int i = 0; i < 300 - FALHAS; i++) {
                String token = aleatorio();
                limitadas.add(CompletableFuture.supplyAsync(() -> api.get("/v1/categorias").token(token).enviar())
                                               .get(10, TimeUnit.SECONDS));
            }
            limitadas.add(CompletableFuture.supplyAsync(() -> api.get("/admin/lojas/" + loja.id())
                    .token("token-de-operador-errado").enviar()).get(10, TimeUnit.SECONDS));
            travada.rollback();
        }

        assertThat(limitadas).allSatisfy(r -> {
            assertThat(r.status()).as(r.toString()).isEqualTo(429);
            assertThat(r.texto("erro")).contains("autenticação com falha");
            assertThat(Long.parseLong(r.cabecalho("Retry-After"))).isBetween(1L, 60L);
            assertThat(r.cabecalho("X-RateLimit-Limit")).isEqualTo(Integer.toString(FALHAS));
            assertThat(r.cabecalho("X-RateLimit-Remaining")).isEqualTo("0");
        });
        // a token this node has seen valid is still looked up: one store's bad neighbour does not lock it out
        assertThat(api.get("/v1/categorias").token(loja.token()).enviar().status()).isEqualTo(200);
        // a request without a token needs nothing checked: it is simply 401
        assertThat(api.get("/v1/categorias").enviar().status()).isEqualTo(401);
    }

    private static String aleatorio() {
        byte[] bytes = new byte[32];
        ALEATORIO.nextBytes(bytes);
        return "sk_loja_" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
