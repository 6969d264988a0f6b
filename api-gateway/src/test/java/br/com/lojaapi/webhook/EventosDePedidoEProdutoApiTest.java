package br.com.lojaapi.webhook;

import br.com.lojaapi.apoio.ReceptorDeWebhooks.Recebido;
import br.com.lojaapi.apoio.Resposta;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The payload of each implemented event kind, as a receiver gets it. */
class EventosDePedidoEProdutoApiTest extends TesteDeWebhooks {

    private static final String[] TODOS = {"pedido.criado", "pedido.status", "pedido.pago", "pedido.cancelado",
            "cliente.criado", "produto.atualizado", "produto.removido", "produto.estoque_baixo"};

    @Test
    void pedidoCriadoTemExatamenteOsCamposDoContratoEAssinaturaQueConfere() throws Exception {
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste webhook = webhook(loja, "pedido.criado");
        String produto = produto(loja, "{\"nome\":\"Café\",\"preco\":10}");
        Resposta pedido = api.post("/v1/pedidos").token(loja.token()).json("""
                {"tipoEntrega":"BALCAO","cliente":{"nome":"Ana","celular":"81 99999-0000","email":"ana@x.com"},
                 "observacoes":"sem açúcar","pagamentos":[{"formaPagamentoId":"pix","valorPago":20}],
                 "itens":[{"produtoId":"%s","quantidade":2}]}""".formatted(produto)).enviar();
        assertThat(pedido.status()).as(pedido.toString()).isEqualTo(201);

        Recebido recebido = receptor.aguardar(webhook.caminho(), 1, ESPERA).get(0);
        assinaturasConferem(recebido, webhook.secret());
        JsonNode dados = json(recebido).get("dados");
        assertThat(dados.fieldNames()).toIterable().containsExactly("id", "numero", "status", "tipoEntrega",
                "subtotal", "desconto", "ajustePagamento", "taxaEntrega", "total", "observacoes", "pagamentoStatus",
                "pagamentos", "clienteNome", "clienteCelular", "clienteEmail", "clienteDocumento", "clienteEndereco",
                "criadoEm");
        JsonNode lido = pedido.json();
        for (String campo : List.of("id", "numero", "status", "tipoEntrega", "subtotal", "total", "observacoes",
                "pagamentos", "clienteNome", "clienteCelular", "clienteEmail", "criadoEm")) {
            assertThat(dados.get(campo)).as(campo).isEqualTo(lido.get(campo));
        }
        assertThat(recebido.cabecalho("X-Service-Event")).isEqualTo("pedido.criado");
    }

    @Test
    void cancelarEntregaPedidoStatusEPedidoCancelado() {
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste webhook = webhook(loja, "pedido.status", "pedido.cancelado", "pedido.pago");
        String produto = produto(loja, "{\"nome\":\"Chá\",\"preco\":5}");
        String pedidoId = novoPedido(loja, produto, "Bia").texto("id");
        Resposta pago = patch(loja, pedidoId, "{\"status\":\"CONFIRMADO\",\"pagamentoStatus\":\"PAGO\"}");
        assertThat(pago.status()).as(pago.toString()).isEqualTo(200);
        Resposta cancelado = patch(loja, pedidoId, "{\"status\":\"CANCELADO\",\"motivoCancelamento\":\"desistiu\"}");
        assertThat(cancelado.status()).as(cancelado.toString()).isEqualTo(200);

        List<Recebido> recebidos = receptor.aguardar(webhook.caminho(), 4, ESPERA);
        assertThat(recebidos).extracting(r -> r.cabecalho("X-Service-Event"))
                             .containsExactlyInAnyOrder("pedido.status", "pedido.pago", "pedido.status",
                                     "pedido.cancelado");
        JsonNode cancelamento = recebidos.stream().filter(r -> r.cabecalho("X-Service-Event")
                                                                .equals("pedido.cancelado"))
                                         .map(TesteDeWebhooks::json).findFirst().orElseThrow().get("dados");
        assertThat(cancelamento.fieldNames()).toIterable().containsExactly("id", "numero", "status",
                "statusAnterior", "motivoCancelamento", "tempoEntrega", "codigoRastreio", "urlRastreio",
                "atualizadoEm");
        assertThat(cancelamento.get("status").asText()).isEqualTo("CANCELADO");
        assertThat(cancelamento.get("statusAnterior").asText()).isEqualTo("CONFIRMADO");
        assertThat(cancelamento.get("motivoCancelamento").asText()).isEqualTo("desistiu");
        JsonNode pagamento = recebidos.stream().filter(r -> r.cabecalho("X-Service-Event").equals("pedido.pago"))
                                      .map(TesteDeWebhooks::json).findFirst().orElseThrow().get("dados");
        assertThat(pagamento.fieldNames()).toIterable().containsExactly("id", "numero", "pagamentoStatus",
                "pagamentos", "total");
    }

    @Test
    void produtoAtualizadoTrazOProdutoComoOGetERemovidoEEstoqueBaixoSeusCampos() {
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste webhook = webhook(loja, TODOS);
        String produto = produto(loja, "{\"nome\":\"Açúcar\",\"preco\":4,\"controlaEstoque\":true,"
                + "\"quantidadeEstoque\":10,\"estoqueMinimo\":5,\"sku\":\"ACU-1\"}");
        Resposta alterado = api.put("/v1/produtos/" + produto).token(loja.token())
                               .json("{\"nome\":\"Açúcar cristal\"}").enviar();
        assertThat(alterado.status()).as(alterado.toString()).isEqualTo(200);
        Resposta saida = api.post("/v1/estoque").token(loja.token()).json(
                "{\"produtoId\":\"" + produto + "\",\"tipo\":\"SAIDA\",\"quantidade\":6}").enviar();
        assertThat(saida.status()).as(saida.toString()).isIn(200, 201);
        JsonNode lido = api.get("/v1/produtos/" + produto).token(loja.token()).enviar().json();
        assertThat(api.delete("/v1/produtos/" + produto).token(loja.token()).enviar().status()).isEqualTo(200);

        List<Recebido> recebidos = receptor.aguardar(webhook.caminho(), 3, ESPERA);
        JsonNode atualizado = dadosDe(recebidos, "produto.atualizado");
        assertThat(atualizado.get("nome").asText()).isEqualTo("Açúcar cristal");
        assertThat(atualizado.fieldNames()).toIterable().containsExactlyElementsOf(() -> lido.fieldNames());
        JsonNode baixo = dadosDe(recebidos, "produto.estoque_baixo");
        assertThat(baixo.fieldNames()).toIterable().containsExactly("produtoId", "variacaoId", "nome", "sku",
                "codIntegracao", "quantidadeEstoque", "estoqueMinimo");
        assertThat(baixo.get("quantidadeEstoque").decimalValue()).isEqualByComparingTo("4");
        JsonNode removido = dadosDe(recebidos, "produto.removido");
        assertThat(removido.fieldNames()).toIterable().containsExactly("id", "nome", "sku", "codIntegracao",
                "removidoEm");
        assertThat(removido.get("id").asText()).isEqualTo(produto);
    }

    @Test
    void webhookNovoSoRecebeEventosDepoisDaCriacaoEORemovidoNadaMais() {
        LojaDeTeste loja = novaLoja();
        novoCliente(loja, "Antes");
        WebhookDeTeste webhook = webhook(loja, "cliente.criado");
        novoCliente(loja, "Depois");
        List<Recebido> recebidos = receptor.aguardar(webhook.caminho(), 1, ESPERA);
        assertThat(json(recebidos.get(0)).get("dados").get("nome").asText()).isEqualTo("Depois");

        assertThat(api.delete("/v1/webhooks/" + webhook.id()).token(loja.token()).enviar().status()).isEqualTo(200);
        novoCliente(loja, "Removido");
        EntregaDeWebhooksApiTest.pausar(2000);
        assertThat(receptor.recebidos(webhook.caminho())).hasSize(1);
    }

    private JsonNode dadosDe(List<Recebido> recebidos, String evento) {
        return recebidos.stream().filter(r -> r.cabecalho("X-Service-Event").equals(evento))
                        .map(TesteDeWebhooks::json).findFirst()
                        .orElseThrow(() -> new AssertionError("sem " + evento + " em " + recebidos.size()))
                        .get("dados");
    }

    private Resposta patch(LojaDeTeste loja, String pedidoId, String json) {
        return api.metodo("PATCH", "/v1/pedidos/" + pedidoId).token(loja.token()).json(json).enviar();
    }
}
