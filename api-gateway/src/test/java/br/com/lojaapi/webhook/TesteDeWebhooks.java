package br.com.lojaapi.webhook;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.Documentos;
import br.com.lojaapi.apoio.ReceptorDeWebhooks;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.standardwebhooks.Webhook;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import static org.assertj.core.api.Assertions.assertThat;

/** A receiver on loopback and what webhook tests need around it, including independent signature checks. */
abstract class TesteDeWebhooks extends TesteDeApi {

    static final ObjectMapper JSON = new ObjectMapper();
    static final ReceptorDeWebhooks receptor = ReceptorDeWebhooks.compartilhado();
    /** How long a test waits for the deliveries it expects. */
    static final Duration ESPERA = Duration.ofSeconds(30);

    record WebhookDeTeste(String id, String secret, String caminho) {
    }

    WebhookDeTeste webhook(LojaDeTeste loja, String... eventos) {
        return webhook(api, loja, eventos);
    }

    static WebhookDeTeste webhook(ClienteHttp cliente, LojaDeTeste loja, String... eventos) {
        String caminho = "/r/" + UUID.randomUUID();
        StringBuilder lista = new StringBuilder();
        for (String evento : eventos) {
            lista.append(lista.isEmpty() ? "" : ",").append('"').append(evento).append('"');
        }
        Resposta criado = cliente.post("/v1/webhooks").token(loja.token())
                                 .json("{\"nome\":\"Receptor\",\"url\":\"" + receptor.url(caminho)
                                         + "\",\"eventos\":[" + lista + "]}").enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return new WebhookDeTeste(criado.texto("id"), criado.texto("secret"), caminho);
    }

    /** Creates a product from its JSON and returns its id. */
    String produto(LojaDeTeste loja, String json) {
        Resposta criado = api.post("/v1/produtos").token(loja.token()).json(json).enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return criado.texto("id");
    }

    /** Creates a counter order of one unit of the product for the customer named. */
    Resposta novoPedido(LojaDeTeste loja, String produtoId, String cliente) {
        Resposta criado = api.post("/v1/pedidos").token(loja.token())
                             .json("{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"" + cliente + "\"},\"itens\":"
                                   + "[{\"produtoId\":\"" + produtoId + "\",\"quantidade\":1}]}").enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return criado;
    }

    Resposta novoCliente(LojaDeTeste loja, String nome) {
        return novoCliente(api, loja, nome);
    }

    static Resposta novoCliente(ClienteHttp cliente, LojaDeTeste loja, String nome) {
        Resposta criado = cliente.post("/v1/clientes").token(loja.token())
                                 .json("{\"nome\":\"" + nome + "\",\"documento\":\"" + cpf() + "\"}").enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return criado;
    }

    Resposta entregas(LojaDeTeste loja, WebhookDeTeste webhook) {
        return api.get("/admin/lojas/" + loja.id() + "/webhooks/" + webhook.id() + "/entregas?limite=100")
                  .token(ADMIN).enviar();
    }

    static JsonNode json(ReceptorDeWebhooks.Recebido recebido) {
        try {
            return JSON.readTree(recebido.corpo());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Checks both signatures the way a receiver would, with nothing but the JDK, in constant time. */
    static void assinaturasConferem(ReceptorDeWebhooks.Recebido recebido, String secret) throws Exception {
        Mac servico = Mac.getInstance("HmacSHA256");
        servico.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        String esperada = "sha256=" + HexFormat.of().formatHex(servico.doFinal(recebido.corpo()));
        assertThat(MessageDigest.isEqual(esperada.getBytes(StandardCharsets.US_ASCII),
                recebido.cabecalho("X-Service-Signature").getBytes(StandardCharsets.US_ASCII)))
                .as("X-Service-Signature").isTrue();

        Mac padrao = Mac.getInstance("HmacSHA256");
        padrao.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
        String conteudo = recebido.cabecalho("webhook-id") + "." + recebido.cabecalho("webhook-timestamp") + "."
                + recebido.texto();
        String assinatura = "v1," + Base64.getEncoder().encodeToString(
                padrao.doFinal(conteudo.getBytes(StandardCharsets.UTF_8)));
        assertThat(recebido.cabecalho("webhook-signature")).as("webhook-signature").isEqualTo(assinatura);
        long timestamp = Long.parseLong(recebido.cabecalho("webhook-timestamp"));
        assertThat(Math.abs(System.currentTimeMillis() / 1000 - timestamp)).as("webhook-timestamp recente")
                                                                         .isLessThan(300);
    }

    /** Both signatures, the Standard Webhooks one checked by that standard's own library too. */
    static void assinaturasConferemTambemPelaBiblioteca(ReceptorDeWebhooks.Recebido recebido, String secret)
            throws Exception {
        new Webhook(secret).verify(recebido.texto(), Map.of(
                "webhook-id", List.of(recebido.cabecalho("webhook-id")),
                "webhook-timestamp", List.of(recebido.cabecalho("webhook-timestamp")),
                "webhook-signature", List.of(recebido.cabecalho("webhook-signature"))));
        assinaturasConferem(recebido, secret);
    }

    /** A valid CPF (check digits computed), different on each call. */
    static String cpf() {
        return Documentos.cpf();
    }
}
