package br.com.lojaapi.webhook;

import br.com.lojaapi.apoio.ConformidadeComEsquema;
import br.com.lojaapi.apoio.ReceptorDeWebhooks.Recebido;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.command.entrega.EventoDeWebhook;
import br.com.lojaapi.command.notafiscal.XmlsFiscais;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The webhooks section of /v1/openapi.json against what receivers really get: one delivery of every kind, each
 * with the headers its entry lists and a body that conforms to its schema; the {@code Dados*} payloads carry
 * exactly the documented fields.
 */
class WebhooksNaDescricaoApiTest extends TesteDeWebhooks {

    private static final Duration ESPERA = Duration.ofSeconds(60);

    @Test
    void entregaDeCadaTipoConfereComSuaDescricao() {
        JsonNode descricao = api.get("/v1/openapi.json").enviar().json();
        ConformidadeComEsquema conformidade = new ConformidadeComEsquema(descricao);
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste webhook = webhook(loja, EventoDeWebhook.assinaveis().toArray(String[]::new));

        gerarUmEventoDeCadaTipo(loja);
        // the kind sent on request only
        ok(api.post("/v1/webhooks/" + webhook.id() + "/teste").token(loja.token()).enviar());

        List<Recebido> recebidos = receptor.aguardar(webhook.caminho(),
                r -> tipos(r).containsAll(EventoDeWebhook.nomes()), ESPERA, "uma entrega de cada tipo");
        for (Recebido recebido : recebidos) {
            String tipo = recebido.cabecalho("X-Service-Event");
            JsonNode entrada = conformidade.entregaDoWebhook(tipo);
            assertThat(entrada.isMissingNode()).as("webhooks.%s na descrição", tipo).isFalse();
            assertThat(entrada.path("parameters")).hasSize(7);
            entrada.path("parameters").forEach(parametro -> cabecalhoConfere(recebido, parametro));
            assertThat(recebido.cabecalho("webhook-id")).isEqualTo(recebido.cabecalho("X-Service-Entrega"));
            JsonNode corpo = json(recebido);
            assertThat(conformidade.problemasDoWebhook(tipo, corpo)).as("%s: %s", tipo, corpo).isEmpty();
        }
    }

    /** Every kind at least once: a product's life, a customer, an order edited, labelled, invoiced, paid, cancelled. */
    private void gerarUmEventoDeCadaTipo(LojaDeTeste loja) {
        String acucar = produto(loja, "{\"nome\":\"Açúcar\",\"preco\":4,\"controlaEstoque\":true,"
                + "\"quantidadeEstoque\":10,\"estoqueMinimo\":5,\"sku\":\"ACU-1\"}");
        ok(api.put("/v1/produtos/" + acucar).token(loja.token()).json("{\"nome\":\"Açúcar cristal\"}").enviar());
        ok(api.post("/v1/estoque").token(loja.token())
              .json("{\"produtoId\":\"" + acucar + "\",\"tipo\":\"SAIDA\",\"quantidade\":6}").enviar());
        novoCliente(loja, "Bia");
        String cafe = produto(loja, "{\"nome\":\"Café\",\"preco\":10}");
        Resposta pedido = api.post("/v1/pedidos").token(loja.token()).json("""
                {"tipoEntrega":"BALCAO","cliente":{"nome":"Ana","celular":"81 99999-0000"},"observacoes":"sem açúcar",
                 "pagamentos":[{"formaPagamentoId":"pix","valorPago":20}],
                 "itens":[{"produtoId":"%s","quantidade":2}]}""".formatted(cafe)).enviar();
        ok(pedido);
        String pedidoId = pedido.texto("id");
        String linha = pedido.json().get("itens").get(0).get("id").asText();
        ok(api.put("/admin/lojas/" + loja.id() + "/pedidos/" + pedidoId).token(ADMIN)
              .json("{\"itens\":[{\"id\":\"" + linha + "\",\"produtoId\":\"" + cafe + "\",\"quantidade\":3}],"
                      + "\"editadoPor\":\"Maria\"}").enviar());
        ok(api.post("/v1/pedidos/" + pedidoId + "/etiquetas").token(loja.token())
              .json("{\"zpl\":\"^XA^FD1^FS^XZ\",\"codigoRastreio\":\"BR5BR\"}").enviar());
        XmlsFiscais.Nfe nota = XmlsFiscais.Nfe.padrao().comNumero(System.nanoTime() % 900_000_000L);
        ok(api.post("/v1/pedidos/" + pedidoId + "/notas-fiscais").token(loja.token())
              .corpo("application/xml", nota.xml()).enviar());
        ok(api.metodo("PATCH", "/v1/pedidos/" + pedidoId).token(loja.token())
              .json("{\"status\":\"CONFIRMADO\",\"pagamentoStatus\":\"PAGO\"}").enviar());
        ok(api.metodo("PATCH", "/v1/pedidos/" + pedidoId).token(loja.token())
              .json("{\"status\":\"CANCELADO\",\"motivoCancelamento\":\"desistiu\"}").enviar());
        ok(api.delete("/v1/produtos/" + acucar).token(loja.token()).enviar());
    }

    private static void cabecalhoConfere(Recebido recebido, JsonNode parametro) {
        String nome = parametro.get("name").asText();
        String valor = recebido.cabecalho(nome);
        assertThat(valor).as("cabeçalho %s de %s", nome, recebido.cabecalho("X-Service-Event")).isNotNull();
        JsonNode esquema = parametro.get("schema");
        if (esquema.has("pattern")) {
            assertThat(valor).as(nome).matches(esquema.get("pattern").asText());
        }
        if (esquema.has("enum")) {
            assertThat(valor).as(nome).isEqualTo(esquema.get("enum").get(0).asText());
        }
        if ("integer".equals(esquema.path("type").asText())) {
            assertThat(Long.parseLong(valor)).as(nome).isPositive();
        }
        if ("uuid".equals(esquema.path("format").asText())) {
            assertThat(UUID.fromString(valor)).as(nome).isNotNull();
        }
    }

    private static void ok(Resposta resposta) {
        assertThat(resposta.status()).as(resposta.toString()).isBetween(200, 201);
    }

    private static Set<String> tipos(List<Recebido> recebidos) {
        return new ArrayList<>(recebidos).stream().map(r -> r.cabecalho("X-Service-Event"))
                                         .collect(Collectors.toSet());
    }
}
