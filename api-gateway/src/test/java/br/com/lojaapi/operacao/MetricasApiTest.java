package br.com.lojaapi.operacao;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What /actuator/prometheus tells an operator about commands, queries, appended events and processor lag, and that
 * it tells nobody else (health stays public: load balancers and orchestrators probe it without a token). Spring
 * Boot's tests turn metric export off unless asked, hence the annotation (and a context of its own).
 */
@AutoConfigureObservability
class MetricasApiTest extends TesteDeApi {

    @Autowired
    JdbcTemplate jdbc;

    private static double valor(String metricas, String linha) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(linha) + " ([0-9.E+-]+)$").matcher(metricas);
        assertThat(m.find()).as("linha %s em /actuator/prometheus: %s", linha, metricas.lines()
                .filter(l -> l.startsWith("loja_")).toList()).isTrue();
        return Double.parseDouble(m.group(1));
    }

    @Test
    void comandosConsultasEventosEAtrasoPorProcessador() {
        LojaDeTeste loja = novaLoja();
        String antes = api.get("/actuator/prometheus").token(ADMIN).enviar().corpo();
        double gravadosAntes = valor(antes, "loja_eventos_gravados_total");
        Resposta criada = api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"Métrica\"}").enviar();
        assertThat(criada.status()).isEqualTo(201);
        assertThat(api.get("/v1/categorias").token(loja.token()).enviar().status()).isEqualTo(200);

        String depois = api.get("/actuator/prometheus").token(ADMIN).enviar().corpo();
        assertThat(valor(depois, "loja_eventos_gravados_total")).isGreaterThan(gravadosAntes);
        assertThat(valor(depois,
                "loja_axon_comandos_seconds_count{resultado=\"sucesso\",tipo=\"CriarCategoriaCommand\"}"))
                .isGreaterThanOrEqualTo(1);
        assertThat(valor(depois,
                "loja_axon_consultas_seconds_count{resultado=\"sucesso\",tipo=\"ListarCategoriasQuery\"}"))
                .isGreaterThanOrEqualTo(1);
        assertThat(valor(depois, "loja_processador_atraso{processador=\"categoria-view\"}")).isGreaterThanOrEqualTo(0);
        assertThat(valor(depois, "loja_processador_posicao{processador=\"pedido-view\"}")).isGreaterThanOrEqualTo(0);
    }

    @Test
    void metricasSoComOTokenDeOperadorESaudePublica() {
        LojaDeTeste loja = novaLoja();

        Resposta anonima = api.get("/actuator/prometheus").enviar();
        Resposta daLoja = api.get("/actuator/prometheus").token(loja.token()).enviar();
        Resposta comOperador = api.get("/actuator/prometheus").token(ADMIN).enviar();

        assertThat(anonima.status()).isEqualTo(401);
        assertThat(anonima.texto("erro")).contains("ADMIN_TOKEN");
        assertThat(anonima.corpo()).doesNotContain("loja_");
        assertThat(daLoja.status()).isEqualTo(401);
        assertThat(daLoja.corpo()).doesNotContain("loja_");
        assertThat(comOperador.status()).isEqualTo(200);
        assertThat(comOperador.corpo()).contains("loja_eventos_gravados_total");
        for (String saude : new String[]{"/actuator/health", "/actuator/health/liveness", "/actuator/health/readiness"}) {
            assertThat(api.get(saude).enviar().status()).as(saude).isEqualTo(200);
        }
        assertThat(api.get("/actuator").enviar().status()).isEqualTo(401);
        assertThat(api.get("/actuator/env").token(loja.token()).enviar().status()).isEqualTo(401);
    }

    /**
     * Without DATABASE_REPLICA_URLS (decision 074) nothing of the read replicas runs: no read counter by server, no
     * write position recorded on the token's row, and GET /admin/replicas (operator only) lists none.
     */
    @Test
    void semReplicasNadaDeLeiturasPorServidor() {
        LojaDeTeste loja = novaLoja();
        novaCategoria(loja, "Sem réplicas");
        assertThat(api.get("/v1/categorias").token(loja.token()).enviar().status()).isEqualTo(200);
        assertThat(api.get("/actuator/prometheus").token(ADMIN).enviar().corpo()).doesNotContain("loja_leituras");
        assertThat(jdbc.queryForObject("SELECT lsn_escrita::text FROM api_token WHERE loja_id = ?", String.class,
                loja.id())).as("posição da escrita registrada sem réplicas").isNull();
        Resposta replicas = api.get("/admin/replicas").token(ADMIN).enviar();
        assertThat(replicas.status()).isEqualTo(200);
        assertThat(replicas.json().get("replicas")).isEmpty();
        assertThat(api.get("/admin/replicas").token(loja.token()).enviar().status()).isEqualTo(401);
    }
}
