package br.com.lojaapi.webhook;

import br.com.lojaapi.apoio.ReceptorDeWebhooks.Recebido;
import br.com.lojaapi.apoio.Resposta;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** pedido.editado for an operator's edit, in the shape the contract gives; nothing for an edit that changes nothing. */
class EdicaoWebhookApiTest extends TesteDeWebhooks {

    private static final List<String> VALORES = List.of("itens", "subtotal", "ajusteTabela", "desconto", "taxaEntrega",
            "ajustePagamento", "total");

    private Resposta editar(LojaDeTeste loja, String pedidoId, String json) {
        Resposta resposta = api.put("/admin/lojas/" + loja.id() + "/pedidos/" + pedidoId).token(ADMIN).json(json)
                               .enviar();
        assertThat(resposta.status()).as(resposta.toString()).isEqualTo(200);
        return resposta;
    }

    @Test
    void edicaoEnviaAntesEDepoisEEdicaoSemMudancaNaoEnviaNada() throws Exception {
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste webhook = webhook(loja, "pedido.editado");
        String cafe = produto(loja, "{\"nome\":\"Café\",\"preco\":10,\"controlaEstoque\":true,\"quantidadeEstoque\":20}");
        String cha = produto(loja, "{\"nome\":\"Chá\",\"preco\":4}");
        Resposta pedido = api.post("/v1/pedidos").token(loja.token()).json(
                "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"desconto\":5,\"itens\":[{\"produtoId\":\""
                        + cafe + "\",\"quantidade\":2},{\"produtoId\":\"" + cha + "\",\"quantidade\":1}]}").enviar();
        JsonNode antes = pedido.json();
        String id = antes.get("id").asText();
        String linhaCafe = antes.get("itens").get(0).get("id").asText();
        String linhaCha = antes.get("itens").get(1).get("id").asText();
        Instant inicio = Instant.now();

        JsonNode depois = editar(loja, id, "{\"itens\":[{\"id\":\"" + linhaCafe + "\",\"produtoId\":\"" + cafe
                + "\",\"quantidade\":3},{\"id\":\"" + linhaCha + "\",\"produtoId\":\"" + cha
                + "\",\"quantidade\":1,\"precoUnit\":3.5}],\"desconto\":10,\"editadoPor\":\"Maria\"}").json();
        editar(loja, id, "{\"desconto\":10,\"itens\":[{\"id\":\"" + linhaCha + "\",\"produtoId\":\"" + cha
                + "\",\"quantidade\":1},{\"id\":\"" + linhaCafe + "\",\"produtoId\":\"" + cafe + "\",\"quantidade\":3}]}");
        editar(loja, id, "{\"taxaEntrega\":2}");

        List<Recebido> recebidos = receptor.aguardar(webhook.caminho(), 2, ESPERA);
        Thread.sleep(1500);
        assertThat(receptor.recebidos(webhook.caminho())).as("a edição sem mudança não gera evento").hasSize(2);
        Recebido primeiro = recebidos.stream().filter(r -> json(r).get("dados").get("editadoPor").asText()
                                                                 .equals("Maria")).findFirst().orElseThrow();
        assinaturasConferem(primeiro, webhook.secret());
        assertThat(primeiro.cabecalho("X-Service-Event")).isEqualTo("pedido.editado");
        JsonNode envelope = json(primeiro);
        assertThat(envelope.fieldNames()).toIterable().containsExactly("evento", "criadoEm", "dados");
        assertThat(envelope.get("evento").asText()).isEqualTo("pedido.editado");
        JsonNode dados = envelope.get("dados");
        assertThat(dados.fieldNames()).toIterable().containsExactly("id", "numero", "status", "resumo", "antes",
                "depois", "editadoPor", "editadoEm");
        assertThat(dados.get("id").asText()).isEqualTo(id);
        assertThat(dados.get("numero").asLong()).isEqualTo(antes.get("numero").asLong());
        assertThat(dados.get("status").asText()).isEqualTo("PENDENTE");
        assertThat(dados.get("resumo").asText())
                .isEqualTo("2 itens alterados; desconto 5.00 → 10.00; total 19.00 → 23.50");
        assertThat(Instant.parse(dados.get("editadoEm").asText())).isAfterOrEqualTo(inicio.minusSeconds(1));
        for (String lado : List.of("antes", "depois")) {
            assertThat(dados.get(lado).fieldNames()).toIterable().as(lado).containsExactlyElementsOf(VALORES);
            assertThat(dados.get(lado).get("ajusteTabela").decimalValue()).isEqualByComparingTo("0");
        }
        assertThat(dados.get("antes").get("itens")).as("as linhas como GET as mostrava").isEqualTo(antes.get("itens"));
        assertThat(dados.get("antes").get("subtotal").decimalValue()).isEqualByComparingTo("24");
        assertThat(dados.get("antes").get("desconto").decimalValue()).isEqualByComparingTo("5");
        assertThat(dados.get("antes").get("total").decimalValue()).isEqualByComparingTo("19");
        assertThat(dados.get("depois").get("itens")).isEqualTo(depois.get("itens"));
        for (String campo : List.of("subtotal", "desconto", "taxaEntrega", "ajustePagamento", "total")) {
            assertThat(dados.get("depois").get(campo).decimalValue()).as(campo)
                    .isEqualByComparingTo(depois.get(campo).decimalValue());
        }
        assertThat(dados.get("depois").get("total").decimalValue()).isEqualByComparingTo("23.50");

        Recebido frete = recebidos.stream().filter(r -> r != primeiro).findFirst().orElseThrow();
        assertThat(json(frete).get("dados").get("resumo").asText())
                .isEqualTo("taxaEntrega 0.00 → 2.00; total 23.50 → 25.50");
        assertThat(json(frete).get("dados").get("editadoPor").asText()).isEqualTo("painel");
    }
}
