package br.com.lojaapi.evento;

import br.com.lojaapi.apoio.ReceptorDeWebhooks.Recebido;
import br.com.lojaapi.apoio.ReceptorDeWebhooks;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.command.entrega.EventoDeWebhook;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** The feed's envelope and dados are, byte for byte, what the webhook delivery of the same event sent. */
class FeedIgualAoWebhookApiTest extends TesteDoFeed {

    private static final ReceptorDeWebhooks receptor = ReceptorDeWebhooks.compartilhado();

    @Test
    void cadaEventoDoFeedEOCorpoDaEntregaDoMesmoEvento() {
        LojaDeTeste loja = novaLoja();
        String caminho = "/r/" + UUID.randomUUID();
        String todos = EventoDeWebhook.assinaveis().stream().map(n -> "\"" + n + "\"").collect(Collectors.joining(","));
        Resposta webhook = api.post("/v1/webhooks").token(loja.token()).json("{\"nome\":\"Receptor\",\"url\":\""
                + receptor.url(caminho) + "\",\"eventos\":[" + todos + "]}").enviar();
        assertThat(webhook.status()).as(webhook.toString()).isEqualTo(201);

        String produto = criar("/v1/produtos", loja, "{\"nome\":\"Açúcar\",\"preco\":4.50,\"controlaEstoque\":true,"
                + "\"quantidadeEstoque\":10,\"estoqueMinimo\":5,\"sku\":\"ACU-1\"}");
        assertThat(api.put("/v1/produtos/" + produto).token(loja.token()).json("{\"nome\":\"Açúcar cristal\"}")
                      .enviar().status()).isEqualTo(200);
        // produto.atualizado shows the product as GET does when it is rendered: both renderings before it changes
        receptor.aguardar(caminho, 1, ESPERA);
        lerTudo(api, loja, "0", 1);
        criar("/v1/clientes", loja, "{\"nome\":\"Maria\",\"documento\":\"390.533.447-05\",\"email\":\"m@x.com\"}");
        String pedido = criar("/v1/pedidos", loja, "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},"
                + "\"observacoes\":\"sem açúcar \\\"extra\\\"\",\"itens\":[{\"produtoId\":\"" + produto
                + "\",\"quantidade\":6}]}");
        alterar(api, loja, pedido, "{\"status\":\"CONFIRMADO\",\"pagamentoStatus\":\"PAGO\"}");
        alterar(api, loja, pedido, "{\"status\":\"CANCELADO\",\"motivoCancelamento\":\"desistiu\"}");
        String removido = criar("/v1/produtos", loja, "{\"nome\":\"Sal\",\"preco\":2}");
        assertThat(api.delete("/v1/produtos/" + removido).token(loja.token()).enviar().status()).isEqualTo(200);

        int eventos = gravados(loja.id()).size();
        assertThat(eventos).as("produto.atualizado, cliente.criado, pedido.criado, estoque_baixo, 2 status, pago, "
                + "cancelado, removido").isEqualTo(9);
        List<Recebido> entregas = receptor.aguardar(caminho, eventos, ESPERA);
        List<Lido> lidos = lerTudo(api, loja, "0", eventos);
        assertThat(lidos).extracting(Lido::evento).containsAll(EventoDeWebhook.assinaveis().stream()
                .filter(n -> !n.contains("nota_fiscal") && !n.contains("etiqueta") && !n.equals("pedido.editado"))
                .toList());

        Map<String, Recebido> porEntrega = entregas.stream()
                .collect(Collectors.toMap(r -> r.cabecalho("webhook-id"), Function.identity(), (x, y) -> x));
        String feed = ler(api, loja, "?limite=100").corpo();
        for (Lido lido : lidos) {
            String entrega = UUID.nameUUIDFromBytes((lido.id() + "/" + webhook.texto("id"))
                    .getBytes(StandardCharsets.UTF_8)).toString();
            Recebido recebido = porEntrega.get(entrega);
            assertThat(recebido).as("entrega de " + lido.evento()).isNotNull();
            assertThat(recebido.cabecalho("X-Service-Event")).isEqualTo(lido.evento());
            String corpo = recebido.texto();
            assertThat(feed).as(lido.evento() + " idêntico à entrega")
                            .contains("{\"id\":\"" + lido.id() + "\",\"cursor\":\"" + lido.cursor() + "\","
                                      + corpo.substring(1));
        }
    }

    private String criar(String caminho, LojaDeTeste loja, String json) {
        Resposta criado = api.post(caminho).token(loja.token()).json(json).enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return criado.texto("id");
    }
}
