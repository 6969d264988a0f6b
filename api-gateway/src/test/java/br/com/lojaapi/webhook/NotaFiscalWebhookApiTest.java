package br.com.lojaapi.webhook;

import br.com.lojaapi.apoio.ReceptorDeWebhooks.Recebido;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.command.notafiscal.XmlsFiscais;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.util.Base64;
import java.util.Comparator;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** pedido.nota_fiscal for each change of an invoice, with the invoice as it was at that change. */
class NotaFiscalWebhookApiTest extends TesteDeWebhooks {

    @Test
    void criadaAtualizadaCanceladaERemovidaChegamComANotaDeCadaMomento() throws Exception {
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste webhook = webhook(loja, "pedido.nota_fiscal");
        String produto = produto(loja, "{\"nome\":\"Cafeteira\",\"preco\":149.90}");
        Resposta pedido = novoPedido(loja, produto, "Ana");
        String pedidoId = pedido.texto("id");
        String caminho = "/v1/pedidos/" + pedidoId + "/notas-fiscais";
        XmlsFiscais.Nfe nota = XmlsFiscais.Nfe.padrao().comNumero(System.nanoTime() % 900_000_000L);

        Resposta criada = api.post(caminho).token(loja.token()).corpo("application/xml", nota.xml()).enviar();
        assertThat(criada.status()).as(criada.toString()).isEqualTo(201);
        Resposta atualizada = api.post(caminho).token(loja.token()).json("{\"chave\":\"" + nota.chave()
                + "\",\"pdfBase64\":\"" + Base64.getEncoder().encodeToString(XmlsFiscais.pdf()) + "\"}").enviar();
        assertThat(atualizada.status()).as(atualizada.toString()).isEqualTo(200);
        Resposta cancelada = api.post(caminho).token(loja.token())
                                .corpo("application/xml", XmlsFiscais.cancelamento(nota, 135)).enviar();
        assertThat(cancelada.status()).as(cancelada.toString()).isEqualTo(200);
        String notaId = criada.texto("id");
        assertThat(api.delete(caminho + "/" + notaId).token(loja.token()).enviar().status()).isEqualTo(200);

        List<Recebido> recebidos = receptor.aguardar(webhook.caminho(), 4, ESPERA).stream()
                                           .sorted(Comparator.comparing(r -> json(r).get("dados").get("notaFiscal")
                                                                                    .get("versao").asLong()))
                                           .toList();
        assinaturasConferem(recebidos.get(0), webhook.secret());
        assertThat(recebidos).extracting(r -> r.cabecalho("X-Service-Event")).containsOnly("pedido.nota_fiscal");
        List<JsonNode> dados = recebidos.stream().map(r -> json(r).get("dados")).toList();
        assertThat(dados).extracting(d -> d.get("acao").asText())
                         .containsExactly("criada", "atualizada", "cancelada", "removida");
        for (JsonNode d : dados) {
            assertThat(d.fieldNames()).toIterable().containsExactly("acao", "pedidoId", "pedidoNumero", "notaFiscal");
            assertThat(d.get("pedidoId").asText()).isEqualTo(pedidoId);
            assertThat(d.get("pedidoNumero").asLong()).isEqualTo(pedido.json().get("numero").asLong());
            assertThat(d.get("notaFiscal").get("id").asText()).isEqualTo(notaId);
            assertThat(d.get("notaFiscal").get("chave").asText()).isEqualTo(nota.chave());
            assertThat(d.get("notaFiscal").has("acao")).isFalse();
        }
        // Each payload is the invoice as GET showed it right after that change.
        JsonNode semAcao = criada.json().deepCopy();
        ((ObjectNode) semAcao).remove("acao");
        assertThat(dados.get(0).get("notaFiscal")).isEqualTo(semAcao);
        assertThat(dados.get(1).get("notaFiscal").get("temPdf").asBoolean()).isTrue();
        assertThat(dados.get(2).get("notaFiscal").get("situacao").asText()).isEqualTo("CANCELADA");
        assertThat(dados.get(3).get("notaFiscal").get("situacao").asText()).isEqualTo("CANCELADA");
        // The order itself never changed.
        Resposta depois = api.get("/v1/pedidos/" + pedidoId).token(loja.token()).enviar();
        assertThat(depois.texto("status")).isEqualTo(pedido.texto("status"));
        assertThat(depois.json().get("versao")).isEqualTo(pedido.json().get("versao"));
    }
}
