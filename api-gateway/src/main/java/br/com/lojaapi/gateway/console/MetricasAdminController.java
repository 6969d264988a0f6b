package br.com.lojaapi.gateway.console;

import io.swagger.v3.oas.annotations.Hidden;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The cluster's last hour for the console's charts: the nodes' samples ({@link AmostrasDeMetricas}) summed per
 * interval (rates add up across nodes; p99 and lag are the worst node's), oldest first.
 */
@Hidden
@RestController
@RequestMapping(path = "/admin/metricas", produces = "application/json")
class MetricasAdminController {

    private final JdbcTemplate jdbc;
    private final Clock relogio;
    private final long intervalo;

    MetricasAdminController(JdbcTemplate jdbc, Clock relogio,
                            @Value("${loja.console.amostragem:10s}") Duration amostragem) {
        this.jdbc = jdbc;
        this.relogio = relogio;
        this.intervalo = Math.max(1, amostragem.toSeconds());
    }

    /** One interval of the cluster: rates per second, the p99 latency (ms) and the lag (events), null when unknown. */
    record Ponto(Instant em, double requisicoesPorSegundo, double pedidosPorSegundo, double entregasPorSegundo,
                 double falhasDeEntregaPorSegundo, Double latenciaP99Ms, Long atrasoEventos, int nos) {
    }

    record Historico(long intervaloSegundos, Instant desde, List<String> nos, List<Ponto> pontos) {
    }

    @GetMapping("/historico")
    Historico historico() {
        Instant desde = relogio.instant().minus(AmostrasDeMetricas.JANELA);
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
}
