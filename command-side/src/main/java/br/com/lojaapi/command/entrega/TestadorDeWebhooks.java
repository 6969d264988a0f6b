package br.com.lojaapi.command.entrega;

import br.com.lojaapi.command.comum.Comandos;
import br.com.lojaapi.command.webhook.WebhookLookup;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.entrega.RegistrarTesteDeWebhookCommand;
import org.springframework.stereotype.Component;

import java.time.Instant;
import java.util.UUID;

/**
 * Test deliveries: one attempt, sent at once on the caller's thread (so its outcome is known within
 * {@code WEBHOOK_TIMEOUT}, whatever the send queue holds), then recorded as a delivery of its own that is never
 * retried. The target is read from the command side's table and must be a webhook of that store.
 */
@Component
public class TestadorDeWebhooks {

    public static final String NAO_ENCONTRADO = "Webhook não encontrado";
    public static final String REMOVIDO = "O webhook foi removido; não há para onde enviar";

    private final WebhookLookup destinos;
    private final EntregadorDeWebhooks entregador;
    private final Comandos comandos;

    TestadorDeWebhooks(WebhookLookup destinos, EntregadorDeWebhooks entregador, Comandos comandos) {
        this.destinos = destinos;
        this.entregador = entregador;
        this.comandos = comandos;
    }

    /** The attempt as the log shows it: {@code statusHttp} and {@code resposta} are null when nothing answered. */
    public record Resultado(String entregaId, boolean sucesso, Integer statusHttp, long duracaoMs, String resposta,
                            String erro, Instant enviadoEm) {
    }

    /** Sends {@code corpo} as a delivery of kind {@code evento}, sent at {@code enviadoEm}, and records it. */
    public Resultado testar(String lojaId, String webhookId, String evento, String corpo, Instant enviadoEm) {
        WebhookLookup.Destino destino = destinos.destino(webhookId)
                                                .filter(d -> d.lojaId().equals(lojaId))
                                                .orElseThrow(() -> ErroDeNegocio.naoEncontrado(NAO_ENCONTRADO));
        if (destino.removido()) {
            throw ErroDeNegocio.conflito(REMOVIDO);
        }
        String entregaId = UUID.randomUUID().toString();
        EntregadorDeWebhooks.Medida medida = entregador.testar(destino, entregaId, evento, corpo, enviadoEm);
        EntregadorDeWebhooks.Resultado r = medida.resultado();
        comandos.enviar(new RegistrarTesteDeWebhookCommand(entregaId, lojaId, webhookId, evento, corpo, r.sucesso(),
                r.statusHttp(), medida.duracaoMs(), r.resposta(), r.erro(), enviadoEm), Object.class, NAO_ENCONTRADO);
        return new Resultado(entregaId, r.sucesso(), r.statusHttp(), medida.duracaoMs(), r.resposta(), r.erro(),
                enviadoEm);
    }
}
