package br.com.lojaapi.command.entrega;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * {@code WEBHOOK_RETRY_DELAYS} (waits between attempts: their count plus one is the number of attempts) and
 * {@code WEBHOOK_TIMEOUT} (the whole HTTP call of one attempt). A bad value stops the start-up with a message.
 */
@Component
public class ConfiguracaoDosWebhooks {

    static final Duration ATRASO_MAXIMO = Duration.ofDays(1);
    static final Duration TEMPO_LIMITE_MAXIMO = Duration.ofSeconds(60);

    private final List<Duration> atrasos;
    private final Duration tempoLimite;
    private final int porDestino;
    private final int emVoo;
    private final int limiarDoCircuito;
    private final Duration janelaDoCircuito;
    private final Duration intervaloDaSonda;

    ConfiguracaoDosWebhooks(@Value("${loja.webhooks.atrasos:30s,2m,10m,1h}") String atrasos,
                           @Value("${loja.webhooks.tempo-limite:10s}") String tempoLimite) {
        this(atrasos, tempoLimite, 10, 1000, 20, "1m", "30s");
    }

    @Autowired
    ConfiguracaoDosWebhooks(@Value("${loja.webhooks.atrasos:30s,2m,10m,1h}") String atrasos,
                           @Value("${loja.webhooks.tempo-limite:10s}") String tempoLimite,
                           @Value("${loja.webhooks.por-destino:10}") int porDestino,
                           @Value("${loja.webhooks.em-voo:1000}") int emVoo,
                           @Value("${loja.webhooks.circuito-falhas:20}") int limiarDoCircuito,
                           @Value("${loja.webhooks.circuito-janela:1s}") String janelaDoCircuito,
                           @Value("${loja.webhooks.circuito-sonda:30s}") String intervaloDaSonda) {
        this.atrasos = Arrays.stream(atrasos.split(",")).map(String::trim)
                             .map(a -> duracao("WEBHOOK_RETRY_DELAYS", a, ATRASO_MAXIMO)).toList();
        if (this.atrasos.isEmpty() || this.atrasos.size() > 10) {
            throw new IllegalArgumentException("WEBHOOK_RETRY_DELAYS: de 1 a 10 intervalos, por exemplo 30s,2m,10m,1h");
        }
        this.tempoLimite = duracao("WEBHOOK_TIMEOUT", tempoLimite.trim(), TEMPO_LIMITE_MAXIMO);
        this.porDestino = entre("WEBHOOK_CONCURRENCY_PER_ENDPOINT", porDestino, 1, 1000);
        this.emVoo = entre("WEBHOOK_MAX_IN_FLIGHT", emVoo, this.porDestino, 100_000);
        this.limiarDoCircuito = entre("WEBHOOK_CIRCUIT_FAILURES", limiarDoCircuito, 1, 1_000_000);
        this.janelaDoCircuito = duracao("WEBHOOK_CIRCUIT_WINDOW", janelaDoCircuito.trim(), ATRASO_MAXIMO);
        this.intervaloDaSonda = duracao("WEBHOOK_CIRCUIT_PROBE_INTERVAL", intervaloDaSonda.trim(), ATRASO_MAXIMO);
    }

    /** Attempts one endpoint may have in flight on one node. */
    public int porDestino() {
        return porDestino;
    }

    /** Attempts in flight on one node, all endpoints together. */
    public int emVooNoTotal() {
        return emVoo;
    }

    /** Kept-alive connections to one host: as many as may be in flight, since many endpoints may share a host. */
    public int conexoesPorHost() {
        return emVoo;
    }

    /** Consecutive failures that open an endpoint's circuit. */
    public int limiarDoCircuito() {
        return limiarDoCircuito;
    }

    /** How long an endpoint must have been failing, besides the count, for its circuit to open. */
    public Duration janelaDoCircuito() {
        return janelaDoCircuito;
    }

    /** How long an open circuit waits between probes. */
    public Duration intervaloDaSonda() {
        return intervaloDaSonda;
    }

    private static int entre(String variavel, int valor, int minimo, int maximo) {
        if (valor < minimo || valor > maximo) {
            throw new IllegalArgumentException(variavel + ": " + valor + " fora de " + minimo + " a " + maximo);
        }
        return valor;
    }

    public List<Long> atrasosMs() {
        return atrasos.stream().map(Duration::toMillis).toList();
    }

    public int tentativas() {
        return atrasos.size() + 1;
    }

    public Duration tempoLimite() {
        return tempoLimite;
    }

    /** The longest a series takes by itself: every wait, and every attempt using its whole time limit. */
    public Duration duracaoDeUmaSerie() {
        return atrasos.stream().reduce(Duration.ZERO, Duration::plus).plus(tempoLimite.multipliedBy(tentativas()));
    }

    /** A number alone would be read as milliseconds: a unit is required, and absurd values are refused. */
    private static Duration duracao(String variavel, String texto, Duration maximo) {
        Duration d;
        try {
            if (texto.matches("[0-9]+")) {
                throw new IllegalArgumentException("sem unidade");
            }
            d = DurationStyle.detectAndParse(texto);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(variavel + ": '" + texto + "' não é uma duração com unidade, como "
                    + "30s, 2m ou 1h", e);
        }
        if (d.isNegative() || d.isZero() || d.compareTo(maximo) > 0) {
            throw new IllegalArgumentException(variavel + ": '" + texto + "' deve ser maior que zero e no máximo "
                    + maximo.toString().substring(2).toLowerCase());
        }
        return d;
    }
}
