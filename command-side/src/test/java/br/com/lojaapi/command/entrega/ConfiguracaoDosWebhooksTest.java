package br.com.lojaapi.command.entrega;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** WEBHOOK_RETRY_DELAYS and WEBHOOK_TIMEOUT: a value that would misbehave stops the start-up instead. */
class ConfiguracaoDosWebhooksTest {

    @Test
    void padraoDaCincoTentativas() {
        ConfiguracaoDosWebhooks c = new ConfiguracaoDosWebhooks("30s,2m,10m,1h", "10s");
        assertThat(c.atrasosMs()).containsExactly(30_000L, 120_000L, 600_000L, 3_600_000L);
        assertThat(c.tentativas()).isEqualTo(5);
        assertThat(c.tempoLimite()).isEqualTo(Duration.ofSeconds(10));
        assertThat(new ConfiguracaoDosWebhooks(" PT30S , 1s ", "500ms").atrasosMs()).isEqualTo(List.of(30_000L, 1000L));
    }

    @Test
    void numeroSemUnidadeZeroNegativoOuAbsurdoEhRecusado() {
        assertThatThrownBy(() -> new ConfiguracaoDosWebhooks("30,120", "10s"))
                .hasMessageContaining("WEBHOOK_RETRY_DELAYS").hasMessageContaining("unidade");
        assertThatThrownBy(() -> new ConfiguracaoDosWebhooks("30s", "10")).hasMessageContaining("WEBHOOK_TIMEOUT");
        assertThatThrownBy(() -> new ConfiguracaoDosWebhooks("0s", "10s")).hasMessageContaining("maior que zero");
        assertThatThrownBy(() -> new ConfiguracaoDosWebhooks("-1s", "10s")).hasMessageContaining("maior que zero");
        assertThatThrownBy(() -> new ConfiguracaoDosWebhooks("2d", "10s")).hasMessageContaining("no máximo 24h");
        assertThatThrownBy(() -> new ConfiguracaoDosWebhooks("30s", "2m")).hasMessageContaining("no máximo 1m");
        assertThatThrownBy(() -> new ConfiguracaoDosWebhooks("1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s", "10s"))
                .hasMessageContaining("de 1 a 10");
        assertThatThrownBy(() -> new ConfiguracaoDosWebhooks("abc", "10s")).hasMessageContaining("abc");
    }
}
