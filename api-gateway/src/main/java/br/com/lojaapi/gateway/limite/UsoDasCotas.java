package br.com.lojaapi.gateway.limite;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;

/**
 * A store's tokens against their quotas, for the operator: per token, what its current one-minute window has used of
 * RATE_LIMIT_PER_MINUTE and RATE_LIMIT_WRITES_PER_MINUTE (nothing once the window ended), its requests since it was
 * made and its last use. Read from the rows the admission statement keeps ({@link LimiteDeRequisicoes}): exact across
 * nodes, and it charges nothing.
 */
@Repository
public class UsoDasCotas {

    private final JdbcTemplate jdbc;
    private final LimiteDeRequisicoes limites;

    UsoDasCotas(JdbcTemplate jdbc, LimiteDeRequisicoes limites) {
        this.jdbc = jdbc;
        this.limites = limites;
    }

    public record UsoDoToken(String id, String nome, boolean ativo, long requisicoes, Instant ultimoUsoEm,
                             Instant janelaTerminaEm, long usadasNaJanela, long escritasNaJanela) {
    }

    public record Uso(String lojaId, long limitePorMinuto, long limiteEscritasPorMinuto, List<UsoDoToken> tokens) {
    }

    /** The store's tokens, oldest first (revoked ones too, with nothing used). */
    public Uso da(String lojaId) {
        long total = limites.limiteTotal();
        long escrita = limites.limiteEscrita();
        List<UsoDoToken> tokens = jdbc.query("""
                SELECT id, nome, revogado_em IS NULL AS ativo, requisicoes, ultimo_uso_em,
                       CASE WHEN janela_fim > now() AND revogado_em IS NULL THEN janela_fim END AS janela_fim,
                       restantes_total, restantes_escrita
                  FROM api_token WHERE loja_id = ? ORDER BY criado_em, id""",
                (rs, i) -> {
                    Timestamp fim = rs.getTimestamp("janela_fim");
                    Timestamp uso = rs.getTimestamp("ultimo_uso_em");
                    return new UsoDoToken(rs.getString("id"), rs.getString("nome"), rs.getBoolean("ativo"),
                            rs.getLong("requisicoes"), uso == null ? null : uso.toInstant(),
                            fim == null ? null : fim.toInstant(),
                            fim == null ? 0 : Math.max(0, total - rs.getLong("restantes_total")),
                            fim == null ? 0 : Math.max(0, escrita - rs.getLong("restantes_escrita")));
                }, lojaId);
        return new Uso(lojaId, total, escrita, tokens);
    }
}
