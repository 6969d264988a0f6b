package br.com.lojaapi.webhook;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.OutroNo;
import br.com.lojaapi.apoio.ReceptorDeWebhooks.Recebido;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** Two nodes on one database share the deliveries: each attempt is sent exactly once. */
class DuasInstanciasEntregamUmaVezApiTest extends TesteDeWebhooks {

    private static final int EVENTOS = 200;

    @Test
    void duzentosEventosEmDoisNosDaoDuzentasEntregasSemDuplicata() {
        try (OutroNo segundo = OutroNo.semLimites()) {
            LojaDeTeste loja = novaLoja();
            WebhookDeTeste webhook = webhook(loja, "cliente.criado");
            // One delivery in five fails its first attempt, so retries (deadlines) are shared by the nodes too.
            receptor.responderCom(webhook.caminho(), r -> "1".equals(r.cabecalho("X-Service-Tentativa"))
                    && Math.floorMod(r.cabecalho("X-Service-Entrega").hashCode(), 5) == 0 ? 503 : 200);
            List<ClienteHttp> nos = List.of(api, segundo.cliente());
            for (int i = 0; i < EVENTOS; i++) {
                novoCliente(nos.get(i % 2), loja, "Cliente " + i);
            }

            List<Recebido> recebidos = receptor.aguardar(webhook.caminho(), r -> r.stream()
                    .filter(x -> !"1".equals(x.cabecalho("X-Service-Tentativa")) || Math.floorMod(
                            x.cabecalho("X-Service-Entrega").hashCode(), 5) != 0).count() >= EVENTOS,
                    Duration.ofSeconds(90), "esperava " + EVENTOS + " entregas bem-sucedidas");
            EntregaDeWebhooksApiTest.pausar(2000);
            recebidos = receptor.recebidos(webhook.caminho());
            long retentativas = recebidos.stream().filter(r -> "2".equals(r.cabecalho("X-Service-Tentativa"))).count();
            assertThat(retentativas).as("houve retentativas").isPositive();
            assertThat(recebidos).hasSize(EVENTOS + (int) retentativas);
            Map<String, Long> porTentativa = recebidos.stream().collect(Collectors.groupingBy(
                    r -> r.cabecalho("X-Service-Entrega") + "#" + r.cabecalho("X-Service-Tentativa"),
                    Collectors.counting()));
            assertThat(porTentativa.values()).as("cada tentativa enviada uma vez").containsOnly(1L);
            assertThat(recebidos.stream().map(r -> r.cabecalho("X-Service-Entrega")).distinct().count())
                    .isEqualTo(EVENTOS);
            assertThat(recebidos.stream().filter(r -> "1".equals(r.cabecalho("X-Service-Tentativa")))
                                .map(r -> json(r).get("dados").get("nome").asText()).distinct().count())
                    .as("um evento, uma entrega").isEqualTo(EVENTOS);
        }
    }
}
