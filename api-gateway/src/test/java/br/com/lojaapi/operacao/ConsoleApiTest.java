package br.com.lojaapi.operacao;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.gateway.console.AmostrasDeMetricas;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The operators' console (decision 076) over HTTP: its page is public and holds no data, under a policy that lets it
 * load and call this service only; what it shows comes from /admin endpoints that take the operator token: the
 * processors with their lag in time, pause and whether they can be rebuilt, a store's usage against its quota, and
 * the cluster's last hour sampled by each node.
 * With metric export on, as in production (the p99 comes from the request timers' Prometheus histograms), the
 * context of MetricasApiTest.
 */
@AutoConfigureObservability
class ConsoleApiTest extends TesteDeApi {

    @Autowired
    private AmostrasDeMetricas amostras;

    @Test
    void aPaginaEPublicaSemDadosComPoliticaQueSoPermiteOProprioServico() {
        Resposta pagina = api.get("/admin/console").enviar();
        assertThat(pagina.status()).isEqualTo(200);
        assertThat(pagina.cabecalho("Content-Type")).startsWith("text/html");
        assertThat(pagina.corpo()).contains("Console de operação", "/admin/console/console.js")
                                  .doesNotContain("<script>", "style=", "http://", "https://");
        String politica = pagina.cabecalho("Content-Security-Policy");
        assertThat(politica).contains("default-src 'self'", "script-src 'self'", "style-src 'self'",
                "connect-src 'self'", "form-action 'none'", "frame-ancestors 'none'").doesNotContain("unsafe");
        assertThat(pagina.cabecalho("Referrer-Policy")).isEqualTo("no-referrer");
        assertThat(pagina.cabecalho("Cache-Control")).contains("no-store");

        for (String arquivo : new String[] {"console.js", "console.css", "icone.svg"}) {
            Resposta resposta = api.get("/admin/console/" + arquivo).enviar();
            assertThat(resposta.status()).as(arquivo).isEqualTo(200);
            assertThat(resposta.cabecalho("Content-Security-Policy")).isEqualTo(politica);
        }
        assertThat(api.get("/admin/console/console.js").enviar().cabecalho("Content-Type"))
                .startsWith("text/javascript");
        Resposta inexistente = api.get("/admin/console/application.yml").enviar();
        assertThat(inexistente.status()).isEqualTo(404);
        assertThat(inexistente.texto("erro")).isNotBlank();
        // only the page is public: a write to it, or any other /admin path, still takes the operator token
        assertThat(api.post("/admin/console").json("{}").enviar().status()).isEqualTo(401);
    }

    @Test
    void osEndpointsDoConsoleExigemOTokenDoOperador() {
        LojaDeTeste loja = novaLoja();
        for (String caminho : new String[] {"/admin/metricas/historico", "/admin/lojas/" + loja.id() + "/uso",
                "/admin/projecoes"}) {
            assertThat(api.get(caminho).enviar().status()).as(caminho).isEqualTo(401);
            assertThat(api.get(caminho).token(loja.token()).enviar().status()).as(caminho).isEqualTo(401);
            assertThat(api.get(caminho).token("errado").enviar().status()).as(caminho).isEqualTo(401);
        }
    }

    @Test
    void processadoresMostramAtrasoEmSegundosPausaEQuaisSeReconstroem() {
        JsonNode projecoes = api.get("/admin/projecoes").token(ADMIN).enviar().json().get("projecoes");
        Map<String, JsonNode> porNome = new HashMap<>();
        projecoes.forEach(p -> porNome.put(p.get("nome").asText(), p));
        assertThat(porNome.get("pedido-view").get("reconstruivel").asBoolean()).isTrue();
        assertThat(porNome.get("webhook-disparo").get("reconstruivel").asBoolean()).isFalse();
        assertThat(porNome.get("entrega-webhook-saga").get("reconstruivel").asBoolean()).isFalse();
        for (JsonNode p : projecoes) {
            assertThat(p.get("pausado").isBoolean()).as(p.toString()).isTrue();
            assertThat(p.has("atrasoSegundos")).as(p.toString()).isTrue();
            assertThat(p.has("erro")).as(p.toString()).isTrue();
            if (p.get("atraso").isNumber() && p.get("atraso").asLong() == 0) {
                assertThat(p.get("atrasoSegundos").asLong()).as(p.toString()).isZero();
            }
        }
    }

    @Test
    void usoDaLojaMostraCadaTokenContraACota() {
        LojaDeTeste loja = novaLoja();
        String segundo = novoToken(loja.id());
        for (int i = 0; i < 3; i++) {
            assertThat(api.get("/v1/categorias").token(loja.token()).enviar().status()).isEqualTo(200);
        }
        assertThat(api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"Uso\"}").enviar().status())
                .isEqualTo(201);
        String segundoId = api.get("/admin/lojas/" + loja.id() + "/tokens").token(ADMIN).enviar().json()
                              .get("tokens").get(1).get("id").asText();
        assertThat(api.delete("/admin/lojas/" + loja.id() + "/tokens/" + segundoId).token(ADMIN).enviar().status())
                .isEqualTo(200);

        Resposta uso = api.get("/admin/lojas/" + loja.id() + "/uso").token(ADMIN).enviar();
        assertThat(uso.status()).as(uso.toString()).isEqualTo(200);
        JsonNode corpo = uso.json();
        assertThat(corpo.get("lojaId").asText()).isEqualTo(loja.id());
        assertThat(corpo.get("limitePorMinuto").asLong()).isEqualTo(1_000_000);
        assertThat(corpo.get("limiteEscritasPorMinuto").asLong()).isEqualTo(1_000_000);
        JsonNode tokens = corpo.get("tokens");
        assertThat(tokens).hasSize(2);
        JsonNode primeiro = tokens.get(0);
        assertThat(primeiro.get("ativo").asBoolean()).isTrue();
        assertThat(primeiro.get("usadasNaJanela").asLong()).isEqualTo(4);
        assertThat(primeiro.get("escritasNaJanela").asLong()).isEqualTo(1);
        assertThat(primeiro.get("requisicoes").asLong()).isEqualTo(4);
        assertThat(primeiro.get("janelaTerminaEm").asText()).isNotBlank();
        assertThat(primeiro.get("ultimoUsoEm").asText()).isNotBlank();
        JsonNode revogado = tokens.get(1);
        assertThat(revogado.get("ativo").asBoolean()).isFalse();
        assertThat(revogado.get("usadasNaJanela").asLong()).isZero();
        assertThat(segundo).isNotBlank();

        Resposta inexistente = api.get("/admin/lojas/00000000-0000-0000-0000-000000000000/uso").token(ADMIN).enviar();
        assertThat(inexistente.status()).isEqualTo(404);
        assertThat(inexistente.texto("erro")).isNotBlank();
    }

    @Test
    void historicoDaUltimaHoraSomaAsAmostrasDosNos() {
        LojaDeTeste loja = novaLoja();
        amostras.amostrar();
        for (int i = 0; i < 20; i++) {
            assertThat(api.get("/v1/categorias").token(loja.token()).enviar().status()).isEqualTo(200);
        }
        amostras.amostrar();

        Resposta historico = api.get("/admin/metricas/historico").token(ADMIN).enviar();
        assertThat(historico.status()).as(historico.toString()).isEqualTo(200);
        JsonNode corpo = historico.json();
        assertThat(corpo.get("intervaloSegundos").asLong()).isEqualTo(10);
        assertThat(corpo.get("nos")).isNotEmpty();
        String no = api.get("/admin/projecoes").token(ADMIN).enviar().texto("no");
        assertThat(corpo.get("nos").toString()).contains(no);
        JsonNode pontos = corpo.get("pontos");
        assertThat(pontos).isNotEmpty();
        JsonNode ultimo = pontos.get(pontos.size() - 1);
        for (String campo : new String[] {"em", "requisicoesPorSegundo", "pedidosPorSegundo", "entregasPorSegundo",
                "falhasDeEntregaPorSegundo", "latenciaP99Ms", "atrasoEventos", "nos"}) {
            assertThat(ultimo.has(campo)).as(campo + " em " + ultimo).isTrue();
        }
        double maior = 0;
        for (JsonNode p : pontos) {
            maior = Math.max(maior, p.get("requisicoesPorSegundo").asDouble());
        }
        assertThat(maior).as("as 20 leituras aparecem como requisições por segundo").isPositive();
        assertThat(ultimo.get("latenciaP99Ms").isNumber()).as(ultimo.toString()).isTrue();
    }
}
