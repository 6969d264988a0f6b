package br.com.lojaapi.webhook;

import br.com.lojaapi.apoio.ReceptorDeWebhooks.Recebido;
import br.com.lojaapi.apoio.Resposta;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.Comparator;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** pedido.etiqueta for a carrier label created, replaced and removed, with the label as it was each time. */
class EtiquetaWebhookApiTest extends TesteDeWebhooks {

    @Test
    void criadaAtualizadaERemovida() throws Exception {
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste webhook = webhook(loja, "pedido.etiqueta");
        String produto = produto(loja, "{\"nome\":\"Caneca\",\"preco\":30}");
        Resposta pedido = novoPedido(loja, produto, "Ana");
        String caminho = "/v1/pedidos/" + pedido.texto("id") + "/etiquetas";
        Resposta criada = api.post(caminho).token(loja.token())
                             .json("{\"zpl\":\"^XA^FD1^FS^XZ\",\"codigoRastreio\":\"BR5BR\"}").enviar();
        assertThat(criada.status()).isEqualTo(201);
        assertThat(api.post(caminho).token(loja.token())
                      .json("{\"zpl\":\"^XA^FD2^FS^XZ\",\"codigoRastreio\":\"BR5BR\"}").enviar().status())
                .isEqualTo(200);
        assertThat(api.delete(caminho + "/" + criada.texto("id")).token(loja.token()).enviar().status())
                .isEqualTo(200);

        List<Recebido> recebidos = receptor.aguardar(webhook.caminho(), 3, ESPERA).stream()
                                           .sorted(Comparator.comparing(r -> json(r).get("dados").get("etiqueta")
                                                                                    .get("versao").asLong()))
                                           .toList();
        assinaturasConferem(recebidos.get(0), webhook.secret());
        List<JsonNode> dados = recebidos.stream().map(r -> json(r).get("dados")).toList();
        assertThat(dados).extracting(d -> d.get("acao").asText()).containsExactly("criada", "atualizada", "removida");
        for (JsonNode d : dados) {
            assertThat(d.fieldNames()).toIterable().containsExactly("acao", "pedidoId", "pedidoNumero", "etiqueta");
            assertThat(d.get("pedidoId").asText()).isEqualTo(pedido.texto("id"));
            assertThat(d.get("pedidoNumero").asLong()).isEqualTo(pedido.json().get("numero").asLong());
            assertThat(d.get("etiqueta").get("codigoRastreio").asText()).isEqualTo("BR5BR");
        }
        assertThat(dados.get(1).get("etiqueta").get("tamanhoBytes").asLong())
                .isEqualTo("^XA^FD2^FS^XZ".length());
    }
}
