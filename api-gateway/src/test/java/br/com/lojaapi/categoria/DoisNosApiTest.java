package br.com.lojaapi.categoria;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.SegundoNo;
import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two service nodes on one database, as behind a load balancer: a write acknowledged by one node is visible on the
 * other at once, whichever node runs the projection, and a revoked token stops working on both.
 */
class DoisNosApiTest extends TesteDeApi {

    @RegisterExtension
    static final SegundoNo segundo = SegundoNo.semLimites();

    @Test
    void escritaEmUmNoELidaNoOutroSemFalhas() {
        LojaDeTeste loja = novaLoja();
        ClienteHttp noB = segundo.cliente();
        for (int i = 0; i < 200; i++) {
            ClienteHttp escreve = i % 2 == 0 ? api : noB;
            ClienteHttp le = i % 2 == 0 ? noB : api;

            Resposta criada = escreve.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"N" + i + "\"}").enviar();
            assertThat(criada.status()).as(criada.toString()).isEqualTo(201);
            Resposta lida = le.get("/v1/categorias/" + criada.texto("id")).token(loja.token()).enviar();
            assertThat(lida.status()).as("iteração %d: %s", i, lida).isEqualTo(200);

            Resposta alterada = le.put("/v1/categorias/" + criada.texto("id")).token(loja.token())
                                  .json("{\"ordem\":" + (1000 + i) + "}").enviar();
            assertThat(alterada.status()).isEqualTo(200);
            assertThat(escreve.get("/v1/categorias/" + criada.texto("id")).token(loja.token()).enviar()
                              .json().get("ordem").asInt()).isEqualTo(1000 + i);
        }
        assertThat(noB.get("/v1/categorias").token(loja.token()).enviar().json()).hasSize(200);
    }

    @Test
    void revogacaoValeNoOutroNoNaRequisicaoSeguinte() {
        LojaDeTeste loja = novaLoja();
        ClienteHttp noB = segundo.cliente();
        assertThat(noB.get("/v1/categorias").token(loja.token()).enviar().status()).isEqualTo(200);
        String tokenId = api.get("/admin/lojas/" + loja.id() + "/tokens").token(ADMIN).enviar()
                            .json().get("tokens").get(0).get("id").asText();

        assertThat(api.delete("/admin/lojas/" + loja.id() + "/tokens/" + tokenId).token(ADMIN).enviar().status())
                .isEqualTo(200);

        assertThat(noB.get("/v1/categorias").token(loja.token()).enviar().status()).isEqualTo(401);
    }

    @Test
    void alteracoesSimultaneasDaMesmaCategoriaNosDoisNosNenhumaPerdidaNenhuma500() throws Exception {
        LojaDeTeste loja = novaLoja();
        String id = novaCategoria(loja, "Disputa");
        ClienteHttp noB = segundo.cliente();
        java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newFixedThreadPool(8);
        java.util.List<java.util.concurrent.Future<Resposta>> respostas = new java.util.ArrayList<>();
        for (int i = 0; i < 16; i++) {
            ClienteHttp cliente = i % 2 == 0 ? new ClienteHttp(porta) : segundo.cliente();
            int ordem = i;
            respostas.add(threads.submit(() -> cliente.put("/v1/categorias/" + id).token(loja.token())
                                                      .json("{\"ordem\":" + ordem + "}").enviar()));
        }
        int aplicadas = 0;
        for (var resposta : respostas) {
            Resposta r = resposta.get();
            // A conflict that outlasts the retries is a clean 503 with Retry-After, never a 500 or a lost update.
            assertThat(r.status()).as(r.toString()).isIn(200, 503);
            if (r.status() == 200) {
                aplicadas++;
            } else {
                assertThat(r.cabecalho("Retry-After")).isEqualTo("1");
            }
        }
        threads.shutdown();

        assertThat(aplicadas).isGreaterThan(0);
        Resposta final_ = noB.get("/v1/categorias/" + id).token(loja.token()).enviar();
        assertThat(final_.json().get("versao").asLong()).isEqualTo(aplicadas);
    }

    @Test
    void nomeUnicoTambemEntreNos() throws Exception {
        LojaDeTeste loja = novaLoja();
        ClienteHttp noB = segundo.cliente();
        var a = java.util.concurrent.CompletableFuture.supplyAsync(() ->
                api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"Disputada\"}").enviar());
        var b = java.util.concurrent.CompletableFuture.supplyAsync(() ->
                noB.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"DISPUTADA\"}").enviar());

        assertThat(java.util.List.of(a.get().status(), b.get().status())).containsExactlyInAnyOrder(201, 400);
    }
}
