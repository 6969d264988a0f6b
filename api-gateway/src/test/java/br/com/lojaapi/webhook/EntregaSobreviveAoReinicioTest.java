package br.com.lojaapi.webhook;

import br.com.lojaapi.StoreApiApplication;
import br.com.lojaapi.apoio.BancoDeTestes;
import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.ReceptorDeWebhooks;
import br.com.lojaapi.apoio.ReceptorDeWebhooks.Recebido;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * One application on a database of its own, stopped in the middle of a backoff and started again: the waiting
 * attempt is still sent, once. Then its read models are rebuilt from the start of the event store and nothing is
 * sent again; the processor that starts deliveries refuses to be rebuilt at all (all its handlers disallow replay).
 */
class EntregaSobreviveAoReinicioTest {

    private static final Duration ESPERA = Duration.ofSeconds(40);

    @Test
    void tentativaQueEsperavaOReinicioEEnviadaUmaVezEReplayNaoReenvia() throws Exception {
        Path dados = Files.createTempDirectory("loja-reinicio-webhook");
        try (ReceptorDeWebhooks receptor = new ReceptorDeWebhooks()) {
            String caminho = "/reinicio";
            receptor.falharPrimeiras(caminho, 1, 503);
            TesteDeApi.LojaDeTeste loja;
            String webhookId;
            try (ConfigurableApplicationContext primeira = iniciar(dados)) {
                ClienteHttp api = cliente(primeira);
                loja = TesteDeApi.novaLoja(api);
                Resposta webhook = api.post("/v1/webhooks").token(loja.token()).json(
                        "{\"nome\":\"R\",\"url\":\"" + receptor.url(caminho) + "\",\"eventos\":[\"cliente.criado\"]}")
                                      .enviar();
                webhookId = webhook.texto("id");
                TesteDeWebhooks.novoCliente(api, loja, "Antes do reinício");
                receptor.aguardar(caminho, 1, ESPERA);
                aguardarLinhasNoLog(api, loja, webhookId, 1);
            }
            assertThat(receptor.recebidos(caminho)).as("nada enviado com a aplicação parada").hasSize(1);

            try (ConfigurableApplicationContext segunda = iniciar(dados)) {
                ClienteHttp api = cliente(segunda);
                List<Recebido> recebidos = receptor.aguardar(caminho, 2, ESPERA);
                assertThat(recebidos.get(1).cabecalho("X-Service-Tentativa")).isEqualTo("2");
                assertThat(recebidos.get(1).cabecalho("X-Service-Entrega"))
                        .isEqualTo(recebidos.get(0).cabecalho("X-Service-Entrega"));
                aguardarLinhasNoLog(api, loja, webhookId, 2);

                EventProcessingConfiguration processadores = segunda.getBean(EventProcessingConfiguration.class);
                StreamingEventProcessor disparo = processadores
                        .eventProcessor("webhook-disparo", StreamingEventProcessor.class).orElseThrow();
                disparo.shutDown();
                assertThatThrownBy(disparo::resetTokens).as("o disparo de webhooks não se deixa reconstruir")
                                                        .isInstanceOf(IllegalStateException.class);
                disparo.start();
                for (String nome : List.of("webhook-view", "cliente-view")) {
                    StreamingEventProcessor projecao = processadores
                            .eventProcessor(nome, StreamingEventProcessor.class).orElseThrow();
                    projecao.shutDown();
                    projecao.resetTokens();
                    projecao.start();
                }
                EntregaDeWebhooksApiTest.pausar(5000);
                assertThat(receptor.recebidos(caminho)).as("replay não reenvia").hasSize(2);
                assertThat(aguardarLinhasNoLog(api, loja, webhookId, 2)).as("log reconstruído").isEqualTo(2);
            }
        } finally {
            BancoDeTestes.apagar(dados);
        }
    }

    private static int aguardarLinhasNoLog(ClienteHttp api, TesteDeApi.LojaDeTeste loja, String webhookId,
                                           int linhas) {
        long fim = System.nanoTime() + ESPERA.toNanos();
        while (true) {
            Resposta log = api.get("/admin/lojas/" + loja.id() + "/webhooks/" + webhookId + "/entregas")
                              .token(TesteDeApi.ADMIN).enviar();
            int atuais = log.json().get("entregas").size();
            if (atuais >= linhas || System.nanoTime() > fim) {
                return atuais;
            }
            EntregaDeWebhooksApiTest.pausar(100);
        }
    }

    private static ConfigurableApplicationContext iniciar(Path dados) {
        return new SpringApplicationBuilder(StoreApiApplication.class)
                .run("--server.port=0", "--loja.banco.url=", "--loja.dados.diretorio=" + dados,
                        "--loja.banco.embutido-duravel=false", "--loja.admin.token=" + TesteDeApi.ADMIN,
                        "--loja.rede.permitir-interna=true", "--loja.webhooks.atrasos=8s,8s,8s,8s",
                        "--loja.webhooks.tempo-limite=2s");
    }

    private static ClienteHttp cliente(ConfigurableApplicationContext contexto) {
        return new ClienteHttp(Integer.parseInt(contexto.getEnvironment().getRequiredProperty("local.server.port")));
    }
}
