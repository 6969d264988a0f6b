package br.com.lojaapi.webhook;

import br.com.lojaapi.apoio.Resposta;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Registration through /v1/webhooks: what is stored, what is shown, what is refused. */
class WebhookApiTest extends TesteDeWebhooks {

    /**
     * A URL registration accepts here (a literal, and the tests allow loopback) where nothing listens: a name under
     * example.com does not resolve, and a name that does not resolve is refused (decision 070).
     */
    private static final String NINGUEM = "http://127.0.0.1:9";

    @Test
    void criarMostraOSecretUmaVezEAListaNuncaOMostra() {
        LojaDeTeste loja = novaLoja();
        Resposta criado = api.post("/v1/webhooks").token(loja.token()).json("""
                {"nome":" ERP ","url":"http://127.0.0.1:9/hooks",
                 "eventos":["pedido.criado","pedido.nota_fiscal","pedido.criado"]}""").enviar();

        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        JsonNode w = criado.json();
        assertThat(w.fieldNames()).toIterable().containsExactly("id", "nome", "url", "eventos", "ativo",
                "ultimaEntrega", "criadoEm", "versao", "secret");
        assertThat(w.get("secret").asText()).matches("whsec_[0-9a-f]{48}");
        assertThat(w.get("ativo").asBoolean()).isTrue();
        assertThat(w.get("nome").asText()).isEqualTo("ERP");
        assertThat(w.get("ultimaEntrega").isNull()).isTrue();
        assertThat(w.get("eventos")).extracting(JsonNode::asText).containsExactly("pedido.criado",
                "pedido.nota_fiscal");

        Resposta lista = api.get("/v1/webhooks").token(loja.token()).enviar();
        assertThat(lista.status()).isEqualTo(200);
        assertThat(lista.json()).hasSize(1);
        JsonNode listado = lista.json().get(0);
        assertThat(listado.has("secret")).isFalse();
        assertThat(listado.fieldNames()).toIterable().containsExactly("id", "nome", "url", "eventos", "ativo",
                "ultimaEntrega", "criadoEm", "versao");
        assertThat(lista.corpo()).doesNotContain(w.get("secret").asText());
        assertThat(listado.get("id").asText()).isEqualTo(w.get("id").asText());
    }

    @Test
    void urlQueNenhumaEntregaAlcancariaDa400DizendoPorqueMesmoComARedeInternaPermitida() {
        LojaDeTeste loja = novaLoja();
        String[][] casos = {
                {"https://erp.example.com/h", "o nome erp.example.com não resolve no DNS"},
                {"http://169.254.169.254/latest/meta-data/", "metadados de nuvem"},
                {"http://[fd00:ec2::254]/latest", "metadados de nuvem"},
                {"http://169.254.170.2/v2/credentials", "metadados de nuvem"},
                {"http://100.100.100.200/latest", "metadados de nuvem"},
                {"http://168.63.129.16/machine", "metadados de nuvem"},
                {"http://[::ffff:169.254.169.254]/latest", "metadados de nuvem"},
                {"http://0x7f000001/h", "a.b.c.d"},
                {"http://0177.0.0.1/h", "a.b.c.d"},
                {"http://2130706433/h", "a.b.c.d"},
                {"http://127.1/h", "a.b.c.d"},
                {"http://127.000.000.001/h", "a.b.c.d"}};
        for (String[] caso : casos) {
            Resposta resposta = api.post("/v1/webhooks").token(loja.token())
                                   .json("{\"nome\":\"X\",\"url\":\"" + caso[0] + "\",\"eventos\":[\"pedido.criado\"]}")
                                   .enviar();
            assertThat(resposta.status()).as(caso[0]).isEqualTo(400);
            assertThat(resposta.texto("erro")).as(caso[0]).startsWith("url: ").contains(caso[1]);
        }
        assertThat(api.get("/v1/webhooks").token(loja.token()).enviar().json()).isEmpty();

        Resposta loopback = api.post("/v1/webhooks").token(loja.token())
                               .json("{\"nome\":\"X\",\"url\":\"http://localhost:9/h\","
                                     + "\"eventos\":[\"pedido.criado\"]}").enviar();
        assertThat(loopback.status()).as("loopback, permitido nos testes: " + loopback).isEqualTo(201);
    }

    @Test
    void secretsSaoDiferentesACadaCriacao() {
        LojaDeTeste loja = novaLoja();
        String a = webhook(loja, "pedido.criado").secret();
        String b = webhook(loja, "pedido.criado").secret();
        assertThat(a).isNotEqualTo(b);
    }

    @Test
    void eventoDesconhecidoDa400ListandoOsValidosENadaECriado() {
        LojaDeTeste loja = novaLoja();
        Resposta resposta = api.post("/v1/webhooks").token(loja.token()).json(
                "{\"nome\":\"X\",\"url\":\"" + NINGUEM + "/h\",\"eventos\":[\"pedido.criado\",\"pedido.xyz\"]}")
                               .enviar();
        assertThat(resposta.status()).isEqualTo(400);
        assertThat(resposta.texto("erro")).contains("pedido.xyz").contains("pedido.criado", "pedido.status",
                "pedido.pago", "pedido.cancelado", "pedido.nota_fiscal", "pedido.etiqueta", "pedido.editado",
                "cliente.criado", "produto.atualizado", "produto.removido", "produto.estoque_baixo");
        assertThat(api.get("/v1/webhooks").token(loja.token()).enviar().json()).isEmpty();
    }

    @Test
    void camposAusentesOuInvalidosDao400ComErro() {
        LojaDeTeste loja = novaLoja();
        String[] corpos = {
                "{\"url\":\"" + NINGUEM + "\",\"eventos\":[\"pedido.criado\"]}",
                "{\"nome\":\"X\",\"eventos\":[\"pedido.criado\"]}",
                "{\"nome\":\"X\",\"url\":\"" + NINGUEM + "\"}",
                "{\"nome\":\"X\",\"url\":\"" + NINGUEM + "\",\"eventos\":[]}",
                "{\"nome\":\"X\",\"url\":\"" + NINGUEM + "\",\"eventos\":[null]}",
                "{\"nome\":\"X\",\"url\":\"" + NINGUEM + "\",\"eventos\":\"pedido.criado\"}",
                "{\"nome\":\"X\",\"url\":\"ftp://a.example.com/x\",\"eventos\":[\"pedido.criado\"]}",
                "{\"nome\":\"X\",\"url\":\"/relativa\",\"eventos\":[\"pedido.criado\"]}",
                "{\"nome\":\"X\",\"url\":\"https://\",\"eventos\":[\"pedido.criado\"]}",
                "{\"nome\":\"X\",\"url\":\"" + NINGUEM + "/" + "x".repeat(2001) + "\",\"eventos\":[\"pedido.criado\"]}",
                "{\"nome\":\"X\",\"url\":\"" + NINGUEM + "\",\"eventos\":[\"pedido.criado\"]",
                "[]"};
        for (String corpo : corpos) {
            Resposta resposta = api.post("/v1/webhooks").token(loja.token()).json(corpo).enviar();
            assertThat(resposta.status()).as(corpo).isEqualTo(400);
            assertThat(resposta.texto("erro")).as(corpo).isNotBlank();
        }
        assertThat(api.get("/v1/webhooks").token(loja.token()).enviar().json()).isEmpty();
    }

    @Test
    void removerDa200UmaVezE404DepoisEWebhookDeOutraLojaE404() {
        LojaDeTeste loja = novaLoja();
        LojaDeTeste outra = novaLoja();
        WebhookDeTeste webhook = webhook(loja, "pedido.criado");

        assertThat(api.delete("/v1/webhooks/" + webhook.id()).token(outra.token()).enviar().status()).isEqualTo(404);
        assertThat(api.get("/v1/webhooks").token(outra.token()).enviar().json()).isEmpty();

        Resposta removido = api.delete("/v1/webhooks/" + webhook.id()).token(loja.token()).enviar();
        assertThat(removido.status()).isEqualTo(200);
        assertThat(removido.texto("id")).isEqualTo(webhook.id());
        assertThat(removido.json().get("removido").asBoolean()).isTrue();
        assertThat(api.get("/v1/webhooks").token(loja.token()).enviar().json()).isEmpty();
        assertThat(api.delete("/v1/webhooks/" + webhook.id()).token(loja.token()).enviar().status()).isEqualTo(404);
        assertThat(api.delete("/v1/webhooks/nao-existe").token(loja.token()).enviar().status()).isEqualTo(404);
    }

    @Test
    void vinteWebhooksPorLojaNoMaximo() {
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste primeiro = webhook(loja, "pedido.criado");
        for (int i = 2; i <= 20; i++) {
            webhook(loja, "pedido.criado");
        }
        Resposta excedente = api.post("/v1/webhooks").token(loja.token())
                                .json("{\"nome\":\"X\",\"url\":\"" + NINGUEM + "\",\"eventos\":[\"pedido.criado\"]}")
                                .enviar();
        assertThat(excedente.status()).isEqualTo(409);
        assertThat(excedente.texto("erro")).contains("20 webhooks");
        assertThat(api.delete("/v1/webhooks/" + primeiro.id()).token(loja.token()).enviar().status()).isEqualTo(200);
        webhook(loja, "pedido.criado");
        assertThat(webhook(novaLoja(), "pedido.criado").id()).as("o limite é de cada loja").isNotBlank();
    }

    @Test
    void semTokenDa401() {
        assertThat(api.get("/v1/webhooks").enviar().status()).isEqualTo(401);
        assertThat(api.post("/v1/webhooks").json("{}").enviar().status()).isEqualTo(401);
    }

    @Test
    void logDeEntregasExigeOperadorELojaDoWebhook() {
        LojaDeTeste loja = novaLoja();
        WebhookDeTeste webhook = webhook(loja, "pedido.criado");
        String caminho = "/admin/lojas/" + loja.id() + "/webhooks/" + webhook.id() + "/entregas";
        assertThat(api.get(caminho).token(loja.token()).enviar().status()).isEqualTo(401);
        Resposta vazio = api.get(caminho).token(ADMIN).enviar();
        assertThat(vazio.status()).isEqualTo(200);
        assertThat(vazio.json().get("entregas")).isEmpty();
        assertThat(vazio.json().get("paginacao").get("total").asInt()).isZero();
        assertThat(api.get(caminho + "?limite=0").token(ADMIN).enviar().status()).isEqualTo(400);
        assertThat(api.get("/admin/lojas/" + loja.id() + "/webhooks/outro/entregas").token(ADMIN).enviar().status())
                .isEqualTo(404);
    }
}
