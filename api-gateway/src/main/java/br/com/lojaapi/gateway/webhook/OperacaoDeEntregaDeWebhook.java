package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.command.entrega.ConfiguracaoDosWebhooks;
import br.com.lojaapi.command.entrega.EventoDeWebhook;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.HeaderParameter;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

import static br.com.lojaapi.gateway.webhook.DescricaoDosWebhooks.ESQUEMAS;
import static br.com.lojaapi.gateway.webhook.DescricaoDosWebhooks.envelope;

/**
 * The POST a delivery makes, as the description shows it: the headers every attempt carries, with both signatures,
 * and what the receiver's answer means under the configured timeout and retry delays.
 */
final class OperacaoDeEntregaDeWebhook {

    private final ConfiguracaoDosWebhooks configuracao;

    OperacaoDeEntregaDeWebhook(ConfiguracaoDosWebhooks configuracao) {
        this.configuracao = configuracao;
    }

    /** The POST of one kind: its headers, the body {@code Evento<Kind>}, and what each answer means. */
    Operation de(EventoDeWebhook evento) {
        String recebido = "Recebido: qualquer status 2xx em até " + duracao(configuracao.tempoLimite())
                + " confirma a entrega; o corpo da resposta é ignorado";
        String verificar = "Confira a assinatura sobre o corpo exato recebido antes de usá-lo. ";
        String descricao = evento.assinavel()
                ? "POST que a loja envia à url de cada webhook inscrito em " + evento.nome() + ". " + verificar
                        + "Uma entrega pode chegar mais de uma vez e fora de ordem: X-Service-Entrega (= webhook-id) "
                        + "é o mesmo em todas as tentativas da entrega, e criadoEm é quando o evento aconteceu."
                : "POST que a loja envia à url do webhook indicado em POST /webhooks/{id}/teste, inscrito ou não em "
                        + evento.nome() + ", com os mesmos cabeçalhos e assinaturas das outras entregas. " + verificar
                        + "Cada teste é uma entrega nova, de uma só tentativa; criadoEm e dados.enviadoEm são o "
                        + "instante do envio.";
        String outro = evento.assinavel()
                ? "Qualquer outro status (um redirecionamento inclusive) ou nenhuma resposta no prazo: nova tentativa "
                        + "após " + configuracao.atrasosMs().stream().map(ms -> duracao(Duration.ofMillis(ms)))
                                                  .collect(Collectors.joining(", "))
                        + "; depois da última, a entrega falha"
                : "Qualquer outro status (um redirecionamento inclusive) ou nenhuma resposta no prazo: o teste falha "
                        + "e a resposta do POST /webhooks/{id}/teste diz por quê; nunca há nova tentativa";
        return new Operation()
                .operationId("webhook" + envelope(evento).substring("Evento".length()))
                .summary(evento.nome() + ": " + evento.resumo())
                .description(descricao)
                .security(List.of())
                .parameters(cabecalhos(evento))
                .requestBody(new RequestBody().required(true).content(new Content().addMediaType("application/json",
                        new MediaType().schema(new Schema<>().$ref(ESQUEMAS + envelope(evento))))))
                .responses(new ApiResponses()
                        .addApiResponse("2XX", new ApiResponse().description(recebido))
                        .addApiResponse("default", new ApiResponse().description(outro)));
    }

    private static List<Parameter> cabecalhos(EventoDeWebhook evento) {
        return List.of(
                cabecalho("X-Service-Event", new StringSchema()._enum(List.of(evento.nome())),
                        "Tipo do evento (o mesmo de evento no corpo)"),
                cabecalho("X-Service-Signature", new StringSchema().pattern("^sha256=[0-9a-f]{64}$"),
                        "sha256= seguido do HMAC-SHA-256, em hexadecimal minúsculo, do corpo exato recebido, com "
                                + "o secret do webhook (whsec_..., em UTF-8) como chave; compare em tempo constante"),
                cabecalho("X-Service-Tentativa", new IntegerSchema().minimum(BigDecimal.ONE),
                        "Número desta tentativa da entrega, a partir de 1"),
                cabecalho("X-Service-Entrega", new StringSchema().format("uuid"),
                        "Id da entrega: o mesmo em todas as tentativas; use para descartar repetições"),
                cabecalho("webhook-id", new StringSchema().format("uuid"),
                        "Standard Webhooks: o mesmo valor de X-Service-Entrega"),
                cabecalho("webhook-timestamp", new IntegerSchema().format("int64"),
                        "Standard Webhooks: instante do envio desta tentativa, em segundos Unix"),
                cabecalho("webhook-signature", new StringSchema().pattern("^v1,[A-Za-z0-9+/]+=*$"),
                        "Standard Webhooks: v1, seguido do HMAC-SHA-256 em base64 de {webhook-id}."
                                + "{webhook-timestamp}.{corpo}, com a decodificação base64 do secret após whsec_ "
                                + "como chave (como as bibliotecas desse padrão o leem)"));
    }

    private static Parameter cabecalho(String nome, Schema<?> esquema, String descricao) {
        return new HeaderParameter().name(nome).required(true).description(descricao).schema(esquema);
    }

    private static String duracao(Duration d) {
        long ms = d.toMillis();
        if (ms % 3_600_000 == 0) {
            return ms / 3_600_000 + " h";
        }
        if (ms % 60_000 == 0) {
            return ms / 60_000 + " min";
        }
        return ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms";
    }
}
