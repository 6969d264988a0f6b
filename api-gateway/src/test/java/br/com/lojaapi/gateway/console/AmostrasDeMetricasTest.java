package br.com.lojaapi.gateway.console;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/** The p99 of an interval, from two readings of cumulative histogram buckets. */
class AmostrasDeMetricasTest {

    @Test
    void p99EOMenorLimiteQueCobre99PorCentoDasRequisicoesDoIntervalo() {
        // before: 1000 requests, all under 10 ms; since: 100 more, 98 under 10 ms, 1 under 50 ms, 1 under 200 ms
        Map<Double, Long> antes = Map.of(10.0, 1000L, 50.0, 1000L, 200.0, 1000L, 1000.0, 1000L);
        TreeMap<Double, Long> agora = new TreeMap<>(Map.of(10.0, 1098L, 50.0, 1099L, 200.0, 1100L, 1000.0, 1100L));
        assertThat(AmostrasDeMetricas.p99(antes, agora, 100)).isEqualTo(50.0);

        // the slow ones of before do not count in this interval
        Map<Double, Long> lentasAntes = Map.of(10.0, 0L, 50.0, 0L, 200.0, 0L, 1000.0, 500L);
        TreeMap<Double, Long> rapidasAgora = new TreeMap<>(Map.of(10.0, 100L, 50.0, 100L, 200.0, 100L, 1000.0, 600L));
        assertThat(AmostrasDeMetricas.p99(lentasAntes, rapidasAgora, 100)).isEqualTo(10.0);

        assertThat(AmostrasDeMetricas.p99(antes, agora, 0)).isNull();
    }
}
