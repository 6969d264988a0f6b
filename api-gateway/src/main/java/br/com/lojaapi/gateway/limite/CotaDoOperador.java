package br.com.lojaapi.gateway.limite;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.List;

/**
 * The operator's quota on {@code /admin}: {@code ADMIN_RATE_LIMIT_PER_MINUTE} requests in a one-minute window that
 * begins with the first request after the last one ended, on one row every node charges with one statement (as a
 * store token's quota, {@link LimiteDeRequisicoes}), so it is exact across nodes. A leaked operator token, or a
 * script gone wrong, cannot hammer the panel's API; metrics scraping ({@code /actuator}) is not charged.
 */
@Component
public class CotaDoOperador {

    private static final Duration JANELA = Duration.ofMinutes(1);

    private static final String COBRAR = """
            WITH atual AS (
                SELECT janela_fim IS NULL OR janela_fim <= now() AS nova, janela_fim, restantes
                  FROM cota_do_operador WHERE id = 1 FOR UPDATE),
            saldo AS (
                SELECT CASE WHEN nova THEN now() + make_interval(secs => :janela) ELSE janela_fim END AS fim,
                       CASE WHEN nova THEN :limite ELSE restantes END AS antes
                  FROM atual)
            UPDATE cota_do_operador c SET janela_fim = s.fim, restantes = GREATEST(s.antes - 1, 0)
              FROM saldo s WHERE c.id = 1
            RETURNING s.antes > 0 AS permitido, GREATEST(s.antes - 1, 0) AS restantes,
                      GREATEST(1, ceil(extract(epoch FROM s.fim - now())))::bigint AS segundos""";

    private final NamedParameterJdbcTemplate jdbc;
    private final long limite;

    CotaDoOperador(NamedParameterJdbcTemplate jdbc, @Value("${loja.admin.limite-por-minuto:600}") long limite) {
        if (limite < 1) {
            throw new IllegalStateException("ADMIN_RATE_LIMIT_PER_MINUTE deve ser positivo");
        }
        this.jdbc = jdbc;
        this.limite = limite;
    }

    /** Charges one request to the quota; what the response headers report ({@code permitido} false means 429). */
    public LimiteDeRequisicoes.Decisao cobrar() {
        List<LimiteDeRequisicoes.Decisao> decisoes = jdbc.query(COBRAR, new MapSqlParameterSource("janela",
                        JANELA.toSeconds()).addValue("limite", limite),
                (rs, i) -> {
                    long segundos = rs.getLong("segundos");
                    boolean permitido = rs.getBoolean("permitido");
                    return new LimiteDeRequisicoes.Decisao(permitido, limite, rs.getLong("restantes"), segundos,
                            permitido ? 0 : segundos, false, limite, -1);
                });
        if (decisoes.isEmpty()) {
            throw new IllegalStateException("cota_do_operador sem a sua linha: a migração V18 não foi aplicada");
        }
        return decisoes.get(0);
    }
}
