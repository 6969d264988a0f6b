package br.com.lojaapi.command.entrega;

import br.com.lojaapi.command.comum.Comandos;
import br.com.lojaapi.command.comum.EnderecoProibidoException;
import br.com.lojaapi.command.comum.PoliticaDeRede;
import br.com.lojaapi.command.webhook.WebhookLookup;
import br.com.lojaapi.coreapi.entrega.EntregaIniciadaEvent;
import br.com.lojaapi.coreapi.entrega.RegistrarTentativaCommand;
import br.com.lojaapi.coreapi.entrega.TentativaRegistradaEvent;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import okhttp3.Call;
import okhttp3.ConnectionPool;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.ResponseBody;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.Proxy;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Sends one attempt of a delivery and records its outcome in the {@code Entrega} aggregate. Runs on db-scheduler's
 * threads (see {@link FilaDeEnvios}). Success is a 2xx within {@code WEBHOOK_TIMEOUT} for the whole call; any other
 * status, a redirect (never followed), a timeout or a connection error is a failure. The target is checked against
 * the network policy again now, after DNS resolution, whatever it was at registration.
 */
@Component
class EntregadorDeWebhooks {

    static final int TRECHO_DA_RESPOSTA = 1000;
    private static final Logger log = LoggerFactory.getLogger(EntregadorDeWebhooks.class);
    private static final MediaType JSON = MediaType.get("application/json");

    private final MeterRegistry metricas;
    private final EventStore eventos;
    private final WebhookLookup destinos;
    private final CommandGateway gateway;
    private final Comandos comandos;
    private final PoliticaDeRede rede;
    private final ConfiguracaoDosWebhooks configuracao;
    private final Clock relogio;
    private final OkHttpClient http;

    EntregadorDeWebhooks(EventStore eventos, WebhookLookup destinos, CommandGateway gateway, Comandos comandos,
                         PoliticaDeRede rede, ConfiguracaoDosWebhooks configuracao, Clock relogio,
                         MeterRegistry metricas) {
        this.metricas = metricas;
        this.eventos = eventos;
        this.destinos = destinos;
        this.gateway = gateway;
        this.comandos = comandos;
        this.rede = rede;
        this.configuracao = configuracao;
        this.relogio = relogio;
        this.http = new OkHttpClient.Builder()
                .proxy(Proxy.NO_PROXY)
                .dns(rede.dns())
                .followRedirects(false)
                .followSslRedirects(false)
                .retryOnConnectionFailure(false)
                // A fresh connection per attempt: a pooled one the receiver has already closed would fail the
                // attempt, and retrying a POST on another connection could deliver it twice.
                .connectionPool(new ConnectionPool(0, 1, TimeUnit.SECONDS))
                .callTimeout(configuracao.tempoLimite())
                .connectTimeout(configuracao.tempoLimite())
                .readTimeout(configuracao.tempoLimite())
                .writeTimeout(configuracao.tempoLimite())
                .build();
    }

    /** The result of one HTTP attempt, as the log shows it. */
    record Resultado(boolean sucesso, Integer statusHttp, String resposta, String erro) {
    }

    /** One attempt as made: its outcome and how long the whole of it took. */
    record Medida(Resultado resultado, long duracaoMs) {
    }

    void entregar(String entregaId, int serie, int tentativa) {
        Historico historico = historico(entregaId);
        if (historico.jaRegistrada(serie, tentativa)) {
            // A revived or retried execution of an attempt whose outcome is already recorded: never post it again.
            log.info("Entrega {} tentativa {}/{} já registrada; não é reenviada", entregaId, serie, tentativa);
            return;
        }
        EntregaIniciadaEvent entrega = historico.inicio();
        Instant enviadoEm = relogio.instant();
        long inicio = System.nanoTime();
        Optional<WebhookLookup.Destino> destino = destinos.destino(entrega.webhookId());
        Resultado resultado;
        boolean definitiva = false;
        if (destino.isEmpty() || destino.get().removido()) {
            resultado = new Resultado(false, null, null, "o webhook foi removido; a entrega foi encerrada");
            definitiva = true;
        } else {
            resultado = enviar(destino.get(), entrega.entregaId(), entrega.evento(), entrega.corpo(), tentativa,
                    enviadoEm);
        }
        long duracaoMs = medir(resultado, definitiva, inicio);
        RegistrarTentativaCommand registro = new RegistrarTentativaCommand(entregaId, serie, tentativa,
                resultado.sucesso(), resultado.statusHttp(), duracaoMs, resultado.resposta(), resultado.erro(),
                enviadoEm, definitiva);
        comandos.executar(() -> gateway.sendAndWait(registro), "Entrega não encontrada");
        log.debug("Entrega {} tentativa {}/{}: {}", entregaId, serie, tentativa, resultado);
    }

    /**
     * The one attempt of a test delivery, made now on the caller's thread exactly as a queued attempt is (same
     * request, signatures, network policy and time limit); recording it is the caller's part.
     */
    Medida testar(WebhookLookup.Destino destino, String entregaId, String evento, String corpo, Instant enviadoEm) {
        long inicio = System.nanoTime();
        Resultado resultado = enviar(destino, entregaId, evento, corpo, 1, enviadoEm);
        return new Medida(resultado, medir(resultado, false, inicio));
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

    /** The delivery's start and which attempts already have an outcome, from its own event stream. */
    private record Historico(EntregaIniciadaEvent inicio, Set<String> registradas) {

        boolean jaRegistrada(int serie, int tentativa) {
            return registradas.contains(serie + "/" + tentativa);
        }
    }

    private Historico historico(String entregaId) {
        DomainEventStream stream = eventos.readEvents(entregaId);
        EntregaIniciadaEvent inicio = null;
        Set<String> registradas = new HashSet<>();
        while (stream.hasNext()) {
            Object evento = stream.next().getPayload();
            if (evento instanceof EntregaIniciadaEvent e) {
                inicio = e;
            } else if (evento instanceof TentativaRegistradaEvent t) {
                registradas.add(t.serie() + "/" + t.tentativa());
            }
        }
        if (inicio == null) {
            throw new IllegalStateException("entrega sem início: " + entregaId);
        }
        return new Historico(inicio, registradas);
    }

    private Resultado enviar(WebhookLookup.Destino destino, String entregaId, String evento, String corpoTexto,
                             int tentativa, Instant enviadoEm) {
        HttpUrl url = HttpUrl.parse(destino.url());
        if (url == null) {
            return new Resultado(false, null, null, "URL inválida");
        }
        if (destino.segredo() == null) {
            return new Resultado(false, null, null, destino.semSegredo());
        }
        byte[] corpo = corpoTexto.getBytes(StandardCharsets.UTF_8);
        long timestamp = enviadoEm.getEpochSecond();
        Request requisicao = new Request.Builder()
                .url(url)
                .post(RequestBody.create(corpo, JSON))
                .header("User-Agent", "loja-api-webhooks/1")
                .header("X-Service-Event", evento)
                .header("X-Service-Signature", Assinaturas.servico(destino.segredo(), corpo))
                .header("X-Service-Tentativa", Integer.toString(tentativa))
                .header("X-Service-Entrega", entregaId)
                .header("webhook-id", entregaId)
                .header("webhook-timestamp", Long.toString(timestamp))
                .header("webhook-signature",
                        Assinaturas.padrao(destino.segredo(), entregaId, timestamp, corpo))
                .build();
        try {
            rede.exigirLiteralPermitido(url);
            Call chamada = http.newCall(requisicao);
            try (Response resposta = chamada.execute()) {
                int status = resposta.code();
                String trecho = trechoSePossivel(resposta.body());
                if (status >= 200 && status < 300) {
                    return new Resultado(true, status, trecho, null);
                }
                String erro = resposta.isRedirect()
                        ? "redirecionamento (HTTP " + status + ") não é seguido; cadastre a URL final"
                        : "o receptor respondeu HTTP " + status;
                return new Resultado(false, status, trecho, erro);
            }
        } catch (EnderecoProibidoException e) {
            return new Resultado(false, null, null, "a URL " + e.motivo().texto());
        } catch (InterruptedIOException e) {
            return new Resultado(false, null, null,
                    "sem resposta completa em " + configuracao.tempoLimite().toMillis() + " ms");
        } catch (IOException e) {
            return new Resultado(false, null, null, PoliticaDeRede.motivo(e));
        }
    }

    /**
     * The outcome is the status: a 2xx whose body is slow or broken was still accepted, so the excerpt is read
     * best effort (within what is left of the call's time limit).
     */
    private static String trechoSePossivel(ResponseBody corpo) {
        try {
            return trecho(corpo);
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * At most {@value #TRECHO_DA_RESPOSTA} bytes of the response, for the log; the rest is never read. Control
     * characters are dropped (a NUL cannot be stored in PostgreSQL text, and would stall the log's projection).
     */
    static String trecho(ResponseBody corpo) throws IOException {
        byte[] buffer = new byte[TRECHO_DA_RESPOSTA];
        int lidos = 0;
        try (InputStream entrada = corpo.byteStream()) {
            int n;
            while (lidos < buffer.length && (n = entrada.read(buffer, lidos, buffer.length - lidos)) != -1) {
                lidos += n;
            }
        }
        if (lidos == 0) {
            return null;
        }
        String texto = new String(buffer, 0, lidos, StandardCharsets.UTF_8);
        return texto.replaceAll("[\\p{Cntrl}&&[^\\n\\r\\t]]", "");
    }
}
