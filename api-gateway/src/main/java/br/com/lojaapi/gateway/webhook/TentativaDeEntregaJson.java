package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.coreapi.entrega.TentativaDeEntregaView;
import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.v3.oas.annotations.media.Schema;

import java.time.Instant;

/** One attempt of the delivery log, the same for the store and the operator. */
@Schema(name = "TentativaDeEntrega", description = "Uma tentativa de entrega de webhook, já terminada")
record TentativaDeEntregaJson(
        @Schema(format = "uuid", description = "Id da entrega (X-Service-Entrega e webhook-id): o mesmo em todas as "
                + "tentativas e séries dela") String id,
        @Schema(description = "Tipo do evento entregue") String evento,
        @Schema(description = "Número da tentativa na série, a partir de 1 (X-Service-Tentativa)") int tentativa,
        @Schema(nullable = true, description = "Status HTTP da resposta; null quando nada foi respondido")
        Integer statusHttp,
        @Schema(description = "Duração da tentativa inteira, em milissegundos") long duracaoMs,
        @Schema(implementation = JsonNode.class, description = "O corpo enviado, como JSON: o envelope "
                + "{evento, criadoEm, dados} do tipo, o mesmo em toda tentativa e série")
        @JsonRawValue String payload,
        @Schema(nullable = true, description = "Os primeiros 1.000 bytes da resposta; null quando não houve corpo")
        String resposta,
        @Schema(nullable = true, description = "Por que a tentativa falhou; null no sucesso") String erro,
        @Schema(description = "Quando a tentativa foi enviada (webhook-timestamp)") Instant enviadoEm,
        @Schema(nullable = true, description = "Quando a próxima tentativa da série sai; null depois de um sucesso "
                + "ou da última tentativa") Instant proximaTentativaEm,
        @Schema(description = "Série de tentativas: 1, e mais uma a cada reenvio ou recuperação (extensão)") int serie,
        @Schema(description = "Se o receptor respondeu 2xx no prazo (extensão)") boolean sucesso) {

    static TentativaDeEntregaJson de(TentativaDeEntregaView t) {
        return new TentativaDeEntregaJson(t.entregaId(), t.evento(), t.tentativa(), t.statusHttp(), t.duracaoMs(),
                t.payload(), t.resposta(), t.erro(), t.enviadoEm(), t.proximaTentativaEm(), t.serie(), t.sucesso());
    }
}
