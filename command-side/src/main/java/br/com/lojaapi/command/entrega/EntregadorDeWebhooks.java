package br.com.lojaapi.command.entrega;

import br.com.lojaapi.command.comum.EnderecoProibidoException;
import br.com.lojaapi.command.comum.PoliticaDeRede;
import br.com.lojaapi.command.webhook.WebhookLookup;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import okhttp3.HttpUrl;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Makes attempts: builds the request (headers, both signature schemes), posts it through the asynchronous client
 * ({@link ClienteHttpDeWebhooks}) and says how it ended. It records nothing: queued attempts are recorded in batches
 * by {@link DespachoDeWebhooks}, a test delivery by its caller. Success is a 2xx within {@code WEBHOOK_TIMEOUT} for
 * the whole call; any other status, a redirect (never followed), a timeout or a connection error is a failure. The
 * target is checked against the network policy again now, after DNS resolution, whatever it was at registration.
 */
@Component
class EntregadorDeWebhooks implements DisposableBean {

    static final int TRECHO_DA_RESPOSTA = 1000;

    private final MeterRegistry metricas;
    private final PoliticaDeRede rede;
    private final ConfiguracaoDosWebhooks configuracao;
    private final ScheduledExecutorService relogio;
    private final ClienteHttpDeWebhooks http;

    EntregadorDeWebhooks(PoliticaDeRede rede, ConfiguracaoDosWebhooks configuracao, MeterRegistry metricas) {
        this.metricas = metricas;
        this.rede = rede;
        this.configuracao = configuracao;
        this.relogio = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "webhook-prazos");
            t.setDaemon(true);
            return t;
        });
        this.http = new ClienteHttpDeWebhooks(rede, configuracao.tempoLimite(), configuracao.conexoesPorHost(),
                configuracao.emVooNoTotal(), relogio);
    }

    /** The result of one HTTP attempt, as the log shows it. */
    record Resultado(boolean sucesso, Integer statusHttp, String resposta, String erro) {
    }

    /** One attempt as made: its outcome and how long the whole of it took. */
    record Medida(Resultado resultado, long duracaoMs) {
    }

    /**
     * Makes one attempt of a delivery; completes (never exceptionally) when it has ended. {@code definitiva}
     * outcomes (the webhook was removed) are made without sending anything.
     */
    CompletableFuture<Medida> enviar(WebhookLookup.Destino destino, String entregaId, String evento, String corpo,
                                     int tentativa, Instant enviadoEm) {
        long inicio = System.nanoTime();
        return postar(destino, entregaId, evento, corpo, tentativa, enviadoEm)
                .thenApply(resultado -> new Medida(resultado, medir(resultado, false, inicio)));
    }

    /** The outcome of an attempt whose webhook was removed: nothing is sent and the delivery ends. */
    Medida encerrada() {
        Resultado resultado = new Resultado(false, null, null, "o webhook foi removido; a entrega foi encerrada");
        return new Medida(resultado, medir(resultado, true, System.nanoTime()));
    }

    /**
     * The one attempt of a test delivery, made now and waited for on the caller's thread exactly as a queued attempt
     * is made (same request, signatures, network policy and time limit); recording it is the caller's part.
     */
    Medida testar(WebhookLookup.Destino destino, String entregaId, String evento, String corpo, Instant enviadoEm) {
        return enviar(destino, entregaId, evento, corpo, 1, enviadoEm).join();
    }

    /** Records the attempt begun at {@code inicio} (nanoTime) in the metrics and returns its duration in ms. */
    private long medir(Resultado resultado, boolean definitiva, long inicio) {
        long duracaoNs = System.nanoTime() - inicio;
        // One timer per outcome: its count is the attempts so ended, its distribution their latency.
        Timer.builder("loja.webhook.tentativas").description("Tentativas de entrega de webhook, por resultado")
             .tag("resultado", resultado.sucesso() ? "sucesso" : definitiva ? "encerrada" : "falha")
             .publishPercentileHistogram().register(metricas).record(duracaoNs, TimeUnit.NANOSECONDS);
        return TimeUnit.NANOSECONDS.toMillis(duracaoNs);
    }

    private CompletableFuture<Resultado> postar(WebhookLookup.Destino destino, String entregaId, String evento,
                                                String corpoTexto, int tentativa, Instant enviadoEm) {
        HttpUrl url = HttpUrl.parse(destino.url());
        if (url == null) {
            return CompletableFuture.completedFuture(new Resultado(false, null, null, "URL inválida"));
        }
        if (destino.segredo() == null) {
            return CompletableFuture.completedFuture(new Resultado(false, null, null, destino.semSegredo()));
        }
        try {
            rede.exigirLiteralPermitido(url);
        } catch (IOException e) {
            return CompletableFuture.completedFuture(falha(e));
        }
        byte[] corpo = corpoTexto.getBytes(StandardCharsets.UTF_8);
        long timestamp = enviadoEm.getEpochSecond();
        Map<String, String> cabecalhos = new LinkedHashMap<>();
        cabecalhos.put("User-Agent", "loja-api-webhooks/1");
        cabecalhos.put("X-Service-Event", evento);
        cabecalhos.put("X-Service-Signature", Assinaturas.servico(destino.segredo(), corpo));
        cabecalhos.put("X-Service-Tentativa", Integer.toString(tentativa));
        cabecalhos.put("X-Service-Entrega", entregaId);
        cabecalhos.put("webhook-id", entregaId);
        cabecalhos.put("webhook-timestamp", Long.toString(timestamp));
        cabecalhos.put("webhook-signature", Assinaturas.padrao(destino.segredo(), entregaId, timestamp, corpo));
        return http.postar(url.toString(), cabecalhos, corpo).thenApply(this::resultado);
    }

    private Resultado resultado(ClienteHttpDeWebhooks.Resposta resposta) {
        Integer status = resposta.status();
        if (status != null && status >= 200 && status < 300) {
            // The outcome is the status: a 2xx whose body was slow or broken was still accepted.
            return new Resultado(true, status, resposta.trecho(), null);
        }
        if (status != null && resposta.falha() == null && !resposta.esgotada()) {
            String erro = resposta.redirecionamento()
                    ? "redirecionamento (HTTP " + status + ") não é seguido; cadastre a URL final"
                    : "o receptor respondeu HTTP " + status;
            return new Resultado(false, status, resposta.trecho(), erro);
        }
        if (resposta.esgotada() || causa(resposta.falha(), InterruptedIOException.class) != null) {
            return new Resultado(false, null, null,
                    "sem resposta completa em " + configuracao.tempoLimite().toMillis() + " ms");
        }
        return falha(resposta.falha());
    }

    private static Resultado falha(Throwable e) {
        EnderecoProibidoException proibido = causa(e, EnderecoProibidoException.class);
        if (proibido != null) {
            return new Resultado(false, null, null, "a URL " + proibido.motivo().texto());
        }
        IOException io = causa(e, IOException.class);
        return new Resultado(false, null, null, io == null ? "falha de rede" : PoliticaDeRede.motivo(io));
    }

    private static <T extends Throwable> T causa(Throwable e, Class<T> tipo) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (tipo.isInstance(t)) {
                return tipo.cast(t);
            }
        }
        return null;
    }

    /**
     * The excerpt kept for the log: at most {@value #TRECHO_DA_RESPOSTA} bytes of the response. Control characters
     * are dropped (a NUL cannot be stored in PostgreSQL text, and would stall the log's projection).
     */
    static String trecho(byte[] buffer, int lidos) {
        if (lidos == 0) {
            return null;
        }
        String texto = new String(buffer, 0, lidos, StandardCharsets.UTF_8);
        return texto.replaceAll("[\\p{Cntrl}&&[^\\n\\r\\t]]", "");
    }

    @Override
    public void destroy() {
        http.close();
        relogio.shutdownNow();
    }
}
