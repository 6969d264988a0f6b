package br.com.lojaapi.categoria;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A 2xx from a write means the next GET, on another connection, sees it. Projections are asynchronous, so this
 * only holds because writes wait for their version in the read model.
 */
class LeituraDaPropriaEscritaApiTest extends TesteDeApi {

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void milCriacoesSeguidasDeLeituraSemNenhumaFalha() throws Exception {
        LojaDeTeste loja = novaLoja();
        int trabalhadores = 4;
        int porTrabalhador = 250;
        ExecutorService threads = Executors.newFixedThreadPool(trabalhadores);
        List<Future<List<String>>> resultados = new ArrayList<>();
        for (int t = 0; t < trabalhadores; t++) {
            int trabalhador = t;
            resultados.add(threads.submit(() -> {
                ClienteHttp escrita = new ClienteHttp(porta);
                ClienteHttp leitura = new ClienteHttp(porta);
                List<String> falhas = new ArrayList<>();
                for (int i = 0; i < porTrabalhador; i++) {
                    String nome = "C-" + trabalhador + "-" + i;
                    Resposta criada = escrita.post("/v1/categorias").token(loja.token())
                                             .json("{\"nome\":\"" + nome + "\"}").enviar();
                    if (criada.status() != 201) {
                        falhas.add("POST " + criada);
                        continue;
                    }
                    Resposta lida = leitura.get("/v1/categorias/" + criada.texto("id")).token(loja.token()).enviar();
                    if (lida.status() != 200 || !nome.equals(lida.texto("nome"))) {
                        falhas.add("GET " + lida);
                    }
                }
                return falhas;
            }));
        }
        List<String> falhas = new ArrayList<>();
        for (Future<List<String>> resultado : resultados) {
            falhas.addAll(resultado.get());
        }
        threads.shutdown();

        assertThat(falhas).isEmpty();
        assertThat(api.get("/v1/categorias").token(loja.token()).enviar().json()).hasSize(trabalhadores * porTrabalhador);
        assertProjecaoIgualAoEventStore(loja.id());
    }

    @Test
    void alteracaoERemocaoTambemSaoVistasNaLeituraSeguinte() {
        LojaDeTeste loja = novaLoja();
        ClienteHttp outra = new ClienteHttp(porta);
        for (int i = 0; i < 50; i++) {
            String id = novaCategoria(loja, "Ciclo " + i);
            Resposta alterada = api.put("/v1/categorias/" + id).token(loja.token())
                                   .json("{\"nome\":\"Ciclo " + i + " b\"}").enviar();
            assertThat(alterada.status()).isEqualTo(200);
            Resposta lida = outra.get("/v1/categorias/" + id).token(loja.token()).enviar();
            assertThat(lida.texto("nome")).isEqualTo("Ciclo " + i + " b");
            assertThat(lida.json().get("versao").asLong()).isEqualTo(1);
            assertThat(api.delete("/v1/categorias/" + id).token(loja.token()).enviar().status()).isEqualTo(200);
            assertThat(outra.get("/v1/categorias/" + id).token(loja.token()).enviar().status()).isEqualTo(404);
        }
    }

    /** Reconciliation: every category in the read model is at the version of its last stored event. */
    private void assertProjecaoIgualAoEventStore(String lojaId) {
        List<String> divergentes = jdbc.queryForList("""
                SELECT v.id FROM categoria_view v
                  JOIN (SELECT aggregate_identifier, MAX(sequence_number) AS versao
                          FROM domain_event_entry WHERE type = 'Categoria' GROUP BY aggregate_identifier) e
                    ON e.aggregate_identifier = v.id
                 WHERE v.loja_id = ? AND v.versao <> e.versao""", String.class, lojaId);
        Integer semEvento = jdbc.queryForObject("""
                SELECT COUNT(*) FROM categoria_view v WHERE v.loja_id = ? AND NOT EXISTS
                       (SELECT 1 FROM domain_event_entry e WHERE e.aggregate_identifier = v.id)""", Integer.class, lojaId);
        assertThat(divergentes).isEmpty();
        assertThat(semEvento).isZero();
    }
}
