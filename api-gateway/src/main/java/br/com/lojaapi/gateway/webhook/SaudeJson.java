package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.command.entrega.FilaDeWebhooks;
import io.swagger.v3.oas.annotations.media.Schema;

import java.time.Instant;

/** An endpoint's health as its sender sees it now (decision 072): not a read model, so it never lags. */
@Schema(name = "SaudeDoWebhook", description = "A saúde do endpoint (extensão): falhas seguidas, último sucesso, "
        + "circuito e tentativas na fila. Com o circuito ABERTO, as tentativas esperam na fila sem ser gastas, e uma "
        + "sonda (uma tentativa pendente) sai 1 s depois de ele abrir e depois a esperas que dobram, até o intervalo "
        + "configurado (30 s por padrão); o primeiro sucesso fecha o circuito.")
record SaudeJson(@Schema(allowableValues = {"FECHADO", "ABERTO"}) String circuito,
                 @Schema(description = "Tentativas que falharam desde o último sucesso") int falhasSeguidas,
                 @Schema(nullable = true) Instant ultimoSucesso,
                 @Schema(nullable = true) Instant ultimaFalha,
                 @Schema(nullable = true, description = "Desde quando o circuito está aberto") Instant abertoDesde,
                 @Schema(nullable = true, description = "Quando sai a próxima sonda, com o circuito aberto")
                 Instant proximaSonda,
                 @Schema(description = "Tentativas na fila do endpoint: devidas, em andamento ou à espera do "
                         + "circuito (as que aguardam o intervalo entre tentativas entram quando ele vence)")
                 long pendentes) {

    static SaudeJson de(FilaDeWebhooks.Saude s) {
        return new SaudeJson(s.circuito(), s.falhasSeguidas(), s.ultimoSucesso(), s.ultimaFalha(), s.abertoDesde(),
                s.proximaSonda(), s.pendentes());
    }
}
