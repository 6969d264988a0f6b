package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.command.entrega.TestadorDeWebhooks;
import io.swagger.v3.oas.annotations.media.Schema;

import java.time.Instant;

@Schema(name = "ResultadoDoTeste", description = "A tentativa da entrega de teste, como o log a mostra")
record ResultadoDoTesteJson(
        @Schema(format = "uuid", description = "Id da entrega de teste (X-Service-Entrega e webhook-id)") String id,
        @Schema(description = "webhook.teste") String evento,
        @Schema(description = "Se o receptor respondeu 2xx no prazo") boolean sucesso,
        @Schema(nullable = true, description = "Status HTTP da resposta; null quando nada foi respondido")
        Integer statusHttp,
        @Schema(description = "Duração da tentativa, em milissegundos") long duracaoMs,
        @Schema(nullable = true, description = "Os primeiros 1.000 bytes da resposta") String resposta,
        @Schema(nullable = true, description = "Por que falhou; null no sucesso") String erro,
        @Schema(description = "Quando foi enviada (webhook-timestamp e dados.enviadoEm)") Instant enviadoEm) {

    static ResultadoDoTesteJson de(String evento, TestadorDeWebhooks.Resultado r) {
        return new ResultadoDoTesteJson(r.entregaId(), evento, r.sucesso(), r.statusHttp(), r.duracaoMs(),
                r.resposta(), r.erro(), r.enviadoEm());
    }
}
