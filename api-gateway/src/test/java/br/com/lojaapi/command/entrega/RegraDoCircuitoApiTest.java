package br.com.lojaapi.command.entrega;

import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rule that opens an endpoint's circuit, with the service's default settings, on the real health table: the
 * consecutive failures must reach {@code WEBHOOK_CIRCUIT_FAILURES} and span at least {@code WEBHOOK_CIRCUIT_WINDOW}
 * (a second by default: an endpoint refusing 20 attempts a second stops being sent to within a second or two, so its
 * failures neither spend its deliveries' attempts nor load the node; decision 084); probes follow at doubling waits,
 * and a success closes it.
 */
class RegraDoCircuitoApiTest extends TesteDeApi {

    @Autowired
    FilaDeWebhooks fila;
    @Autowired
    ConfiguracaoDosWebhooks configuracao;
    @Autowired
    JdbcTemplate jdbc;

    private final String loja = UUID.randomUUID().toString();
    /** Ids are UUIDs (36 characters, as the table holds): one per name used here. */
    private final Map<String, String> ids = new java.util.HashMap<>();

    @AfterEach
    void limpar() {
        jdbc.update("DELETE FROM webhook_saude WHERE loja_id = ?", loja);
    }

    @Test
    void osPadroesAbremEmSegundos() {
        assertThat(configuracao.limiarDoCircuito()).isEqualTo(20);
        assertThat(configuracao.janelaDoCircuito()).isEqualTo(Duration.ofSeconds(1));
        assertThat(configuracao.intervaloDaSonda()).isEqualTo(Duration.ofSeconds(30));
    }

    /**
     * The rule itself, with the default count and probe interval and a window of a minute, so that nothing here
     * depends on how fast the statements run.
     */
    @Test
    void abreComAsFalhasSeguidasQueDuramAJanelaENaoAntes() {
        Duration janela = Duration.ofMinutes(1);
        int limiar = configuracao.limiarDoCircuito();
        Instant agora = Instant.now();
        Instant antesDaJanela = agora.minus(janela).minusSeconds(2);

        registrar("rajada", limiar, agora, janela);
        registrar("poucas", limiar - 1, antesDaJanela, janela);
        registrar("aberto", limiar, antesDaJanela, janela);

        assertThat(situacao("rajada")).as("a burst shorter than the window").isEqualTo(FilaDeWebhooks.FECHADO);
        assertThat(situacao("poucas")).as("one failure fewer than the count").isEqualTo(FilaDeWebhooks.FECHADO);
        assertThat(situacao("aberto")).isEqualTo(FilaDeWebhooks.ABERTO);

        // the first probe at most a second after it opened; then each failure waits as long as the circuit has been
        // open, up to the probe interval
        assertThat(esperaAteASonda("aberto")).isLessThanOrEqualTo(FilaDeWebhooks.PRIMEIRA_SONDA.toMillis());
        abertoHa("aberto", Duration.ofSeconds(10));
        registrar("aberto", 1, Instant.now(), janela);
        assertThat(esperaAteASonda("aberto")).isBetween(5_000L, 15_000L);
        abertoHa("aberto", Duration.ofHours(1));
        registrar("aberto", 1, Instant.now(), janela);
        long intervalo = configuracao.intervaloDaSonda().toMillis();
        assertThat(esperaAteASonda("aberto")).isBetween(intervalo - 5_000, intervalo);

        // the burst goes on failing: it opens once its failures span the window, counted from its first
        registrar("rajada", 1, Instant.now(), janela);
        assertThat(situacao("rajada")).isEqualTo(FilaDeWebhooks.FECHADO);
        jdbc.update("UPDATE webhook_saude SET falhando_desde = falhando_desde - ? * interval '1 millisecond'"
                    + " WHERE webhook_id = ?", janela.toMillis(), id("rajada"));
        registrar("rajada", 1, Instant.now(), janela);
        assertThat(situacao("rajada")).isEqualTo(FilaDeWebhooks.ABERTO);
        assertThat(falhasSeguidas("rajada")).isEqualTo(limiar + 2);

        // one success closes it and clears the count
        fila.registrarSaude(Map.of(id("aberto"), new FilaDeWebhooks.Balanco(loja, 0, null, Instant.now(), null)),
                limiar, janela, configuracao.intervaloDaSonda());
        assertThat(situacao("aberto")).isEqualTo(FilaDeWebhooks.FECHADO);
        assertThat(falhasSeguidas("aberto")).isZero();
        assertThat(esperaAteASonda("aberto")).isNull();
    }

    private void registrar(String webhook, int falhas, Instant primeira, Duration janela) {
        fila.registrarSaude(Map.of(id(webhook), new FilaDeWebhooks.Balanco(loja, falhas, primeira, null, primeira)),
                configuracao.limiarDoCircuito(), janela, configuracao.intervaloDaSonda());
    }

    private String situacao(String webhook) {
        return jdbc.queryForObject("SELECT CASE WHEN aberto_desde IS NULL THEN 'FECHADO' ELSE 'ABERTO' END"
                                   + " FROM webhook_saude WHERE webhook_id = ?", String.class, id(webhook));
    }

    /** Milliseconds from the database's now to the next probe. */
    private Long esperaAteASonda(String webhook) {
        return jdbc.queryForObject("SELECT (extract(epoch FROM sonda_em - now()) * 1000)::bigint FROM webhook_saude"
                                   + " WHERE webhook_id = ?", Long.class, id(webhook));
    }

    private void abertoHa(String webhook, Duration tempo) {
        jdbc.update("UPDATE webhook_saude SET aberto_desde = now() - ? * interval '1 millisecond' WHERE webhook_id = ?",
                tempo.toMillis(), id(webhook));
    }

    private int falhasSeguidas(String webhook) {
        return jdbc.queryForObject("SELECT falhas_seguidas FROM webhook_saude WHERE webhook_id = ?", Integer.class,
                id(webhook));
    }

    private String id(String webhook) {
        return ids.computeIfAbsent(webhook, w -> UUID.randomUUID().toString());
    }
}
