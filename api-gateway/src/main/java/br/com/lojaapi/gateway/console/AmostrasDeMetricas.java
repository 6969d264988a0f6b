package br.com.lojaapi.gateway.console;

import br.com.lojaapi.gateway.banco.DisponibilidadeDoBanco;
import br.com.lojaapi.query.processamento.EstadoDoProcessador;
import br.com.lojaapi.query.processamento.IdentidadeDoNo;
import br.com.lojaapi.query.processamento.PainelDosProcessadores;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.distribution.CountAtBucket;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The console's last hour (decision 076): every {@code loja.console.amostragem} (10 s) this node reads its own
 * Micrometer registry and writes one row of what happened since its previous reading: store-API requests, orders
 * created, webhook delivery attempts (and failed ones), the store API's p99 latency over the interval, and the
 * processors' largest lag. The rows of every node are in one table, so whichever node serves the console shows the
 * whole cluster; rows older than {@link #JANELA} are deleted as the next ones are written. A sample is a few meter
 * reads and two statements: nothing runs per request.
 */
@Component
public class AmostrasDeMetricas {

    static final Duration JANELA = Duration.ofHours(1);
    static final String PEDIDO_CRIADO = "CriarPedidoCommand";

    private static final Logger log = LoggerFactory.getLogger(AmostrasDeMetricas.class);

    private final MeterRegistry metricas;
    private final JdbcTemplate jdbc;
    private final Clock relogio;
    private final String no;
    private final PainelDosProcessadores processadores;
    private final DisponibilidadeDoBanco banco;
    /** The sampling interval in seconds: the charts' resolution. */
    private final long intervalo;
    private Leitura anterior;

    AmostrasDeMetricas(MeterRegistry metricas, JdbcTemplate jdbc, Clock relogio, IdentidadeDoNo identidade,
                       PainelDosProcessadores processadores, DisponibilidadeDoBanco banco,
                       @Value("${loja.console.amostragem:10s}") Duration amostragem) {
        this.metricas = metricas;
        this.processadores = processadores;
        this.banco = banco;
        this.jdbc = jdbc;
        this.relogio = relogio;
        this.no = identidade.id();
        this.intervalo = Math.max(1, amostragem.toSeconds());
    }

    /** Cumulative counts at one moment; {@code baldes}: the store API's requests at or under each bound (ms). */
    record Leitura(Instant em, long requisicoes, TreeMap<Double, Long> baldes, long pedidos, long entregas,
                   long falhas) {
    }

    @Scheduled(fixedDelayString = "${loja.console.amostragem:10s}", initialDelayString = "${loja.console.amostragem:10s}")
    public synchronized void amostrar() {
        Leitura agora = ler();
        Leitura antes = anterior;
        anterior = agora;
        if (antes == null || !banco.disponivel()) {
            return; // during an outage nothing is written, and nothing is logged: a gap in the charts
        }
        double segundos = Math.max(0.001, Duration.between(antes.em(), agora.em()).toMillis() / 1000.0);
        long requisicoes = Math.max(0, agora.requisicoes() - antes.requisicoes());
        try {
            jdbc.update("""
                    INSERT INTO amostra_de_metricas (no, em, segundos, requisicoes, pedidos, entregas, entregas_falhas,
                                                     p99_ms, atraso)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING""",
                    no, Timestamp.from(agora.em()), segundos, requisicoes,
                    Math.max(0, agora.pedidos() - antes.pedidos()), Math.max(0, agora.entregas() - antes.entregas()),
                    Math.max(0, agora.falhas() - antes.falhas()), p99(antes.baldes(), agora.baldes(), requisicoes),
                    atraso());
            jdbc.update("DELETE FROM amostra_de_metricas WHERE em < ?", Timestamp.from(agora.em().minus(JANELA)));
        } catch (RuntimeException e) {
            // the database went away during the sample: a gap in the charts, not an error of the node
            log.debug("Amostra de métricas não gravada: {}", e.getMessage());
        }
    }

    private Leitura ler() {
        long requisicoes = 0;
        TreeMap<Double, Long> baldes = new TreeMap<>();
        for (Timer t : metricas.find("http.server.requests").timers()) {
            String uri = t.getId().getTag("uri");
            if (uri == null || !uri.startsWith("/v1/")) {
                continue; // the store API only: not the console's own polling, probes or scrapes
            }
            requisicoes += t.count();
            for (CountAtBucket b : t.takeSnapshot().histogramCounts()) {
                baldes.merge(b.bucket(java.util.concurrent.TimeUnit.MILLISECONDS), (long) b.count(), Long::sum);
            }
        }
        long pedidos = 0;
        for (Timer t : metricas.find("loja.axon.comandos").tag("tipo", PEDIDO_CRIADO).tag("resultado", "sucesso")
                               .timers()) {
            pedidos += t.count();
        }
        long entregas = 0;
        long falhas = 0;
        for (Timer t : metricas.find("loja.webhook.tentativas").timers()) {
            entregas += t.count();
            if (!"sucesso".equals(t.getId().getTag("resultado"))) {
                falhas += t.count();
            }
        }
        return new Leitura(relogio.instant(), requisicoes, baldes, pedidos, entregas, falhas);
    }

    /**
     * The p99 of the interval from the histograms' cumulative bucket counts: the smallest bound under which 99% of
     * the interval's requests fall. Null with no request.
     */
    static Double p99(Map<Double, Long> antes, TreeMap<Double, Long> agora, long requisicoes) {
        if (requisicoes <= 0 || agora.isEmpty()) {
            return null;
        }
        double alvo = Math.ceil(requisicoes * 0.99);
        for (Map.Entry<Double, Long> balde : agora.entrySet()) {
            long ate = balde.getValue() - antes.getOrDefault(balde.getKey(), 0L);
            if (ate >= alvo) {
                return balde.getKey();
            }
        }
        return agora.lastKey();
    }

    /** One interval of the cluster: rates per second, the p99 latency (ms) and the lag (events), null when unknown. */
    public record Ponto(Instant em, double requisicoesPorSegundo, double pedidosPorSegundo, double entregasPorSegundo,
                        double falhasDeEntregaPorSegundo, Double latenciaP99Ms, Long atrasoEventos, int nos) {
    }

    public record Historico(long intervaloSegundos, Instant desde, List<String> nos, List<Ponto> pontos) {
    }

    /**
     * The last hour of every node's samples, summed per interval (rates add up across nodes; p99 and lag are the
     * worst node's), oldest first.
     */
    Historico historico() {
        Instant desde = relogio.instant().minus(JANELA);
        List<Ponto> pontos = jdbc.query("""
                SELECT to_timestamp(floor(extract(epoch FROM em) / ?) * ?) AS balde,
                       SUM(requisicoes / segundos) AS requisicoes, SUM(pedidos / segundos) AS pedidos,
                       SUM(entregas / segundos) AS entregas, SUM(entregas_falhas / segundos) AS falhas,
                       MAX(p99_ms) AS p99, MAX(atraso) AS atraso, COUNT(DISTINCT no) AS nos
                  FROM amostra_de_metricas WHERE em >= ?
                 GROUP BY balde ORDER BY balde""",
                (rs, i) -> new Ponto(rs.getTimestamp("balde").toInstant(), rs.getDouble("requisicoes"),
                        rs.getDouble("pedidos"), rs.getDouble("entregas"), rs.getDouble("falhas"),
                        rs.getObject("p99") == null ? null : rs.getDouble("p99"),
                        rs.getObject("atraso") == null ? null : rs.getLong("atraso"), rs.getInt("nos")),
                intervalo, intervalo, Timestamp.from(desde));
        List<String> nos = jdbc.queryForList(
                "SELECT DISTINCT no FROM amostra_de_metricas WHERE em >= ? ORDER BY no", String.class,
                Timestamp.from(desde));
        return new Historico(intervalo, desde, nos, pontos);
    }

    /** The largest lag of the processors now (read here, not through the gauges, so a failure reaches the caller). */
    private Long atraso() {
        return processadores.processadores().stream().map(EstadoDoProcessador::atraso).filter(Objects::nonNull)
                            .max(Long::compare).orElse(null);
    }
}
