package br.com.lojaapi.query.processamento.reconstrucao;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/** The CSV the bulk load hands COPY must read back as the values the handlers' statements would have bound. */
class LinhaDoCopyTest {

    @Test
    void nuloNaoTemAspasTextoVazioTemEAspasDobram() {
        StringBuilder texto = new StringBuilder();
        FaseEmMassa.csv(new Object[]{null, "", "diz \"oi\", e sai\nlinha", "{\"a\":\"\\\\\"}"}, texto);
        assertThat(texto).hasToString(",\"\",\"diz \"\"oi\"\", e sai\nlinha\",\"{\"\"a\"\":\"\"\\\\\"\"}\"\n");
    }

    @Test
    void instantesENumerosComoOPostgresLeDeVoltaExatamente() {
        StringBuilder texto = new StringBuilder();
        FaseEmMassa.csv(new Object[]{Timestamp.from(Instant.parse("2026-11-29T11:12:17.123456Z")),
                new BigDecimal("1E+2"), 42L}, texto);
        // an instant with its zone, to the microsecond; a plain decimal, never an exponent
        assertThat(texto).hasToString("\"2026-11-29T11:12:17.123456Z\",\"100\",\"42\"\n");
    }
}
