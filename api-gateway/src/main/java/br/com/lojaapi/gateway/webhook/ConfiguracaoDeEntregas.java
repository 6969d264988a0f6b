package br.com.lojaapi.gateway.webhook;

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
public class ConfiguracaoDeEntregas {

    private final List<Duration> atrasos;
    private final Duration tempoLimite;

    ConfiguracaoDeEntregas(@Value("${loja.webhooks.atrasos:30s,2m,10m,1h}") String atrasos,
                           @Value("${loja.webhooks.tempo-limite:10s}") String tempoLimite) {
        this.atrasos = Arrays.stream(atrasos.split(",")).map(String::trim)
                             .map(a -> duracao("WEBHOOK_RETRY_DELAYS", a)).toList();
        if (this.atrasos.isEmpty() || this.atrasos.size() > 10) {
            throw new IllegalArgumentException("WEBHOOK_RETRY_DELAYS: de 1 a 10 intervalos, por exemplo 30s,2m,10m,1h");
        }
        this.tempoLimite = duracao("WEBHOOK_TIMEOUT", tempoLimite.trim());
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

    private static Duration duracao(String variavel, String texto) {
        try {
            Duration d = DurationStyle.detectAndParse(texto);
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("deve ser positivo");
            }
            return d;
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(variavel + ": '" + texto + "' não é uma duração como 30s, 2m ou 1h", e);
        }
    }
}
