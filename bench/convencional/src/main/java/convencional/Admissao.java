package convencional;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

/**
 * The token and both quotas in one statement per request, the service's statement of decision 059 (the same SQL,
 * one request at a time: the service also charges concurrent requests of one token together, which a
 * conventional service would not do), and the same headers.
 */
@Component
class Admissao extends OncePerRequestFilter {

    static final String LOJA = Admissao.class.getName() + ".loja";
    private static final Set<String> ESCRITAS = Set.of("POST", "PUT", "PATCH", "DELETE");

    private static final String COBRAR = """
            WITH atual AS (
                SELECT id, loja_id, janela_fim, restantes_total, restantes_escrita,
                       janela_fim IS NULL OR janela_fim <= now() AS nova
                  FROM convencional.api_token WHERE hash = :hash AND revogado_em IS NULL FOR UPDATE),
            saldo AS (
                SELECT id, loja_id,
                       CASE WHEN nova THEN now() + make_interval(secs => 60) ELSE janela_fim END AS fim,
                       CASE WHEN nova THEN :limiteTotal ELSE restantes_total END AS total,
                       CASE WHEN nova THEN :limiteEscrita ELSE restantes_escrita END AS escrita
                  FROM atual),
            cobranca AS (
                SELECT s.*, LEAST(:escritas, s.escrita, s.total) AS escritas FROM saldo s),
            final AS (
                SELECT c.*, LEAST(:leituras, c.total - c.escritas) AS leituras FROM cobranca c)
            UPDATE convencional.api_token t
               SET janela_fim = f.fim,
                   restantes_total = f.total - f.escritas - f.leituras,
                   restantes_escrita = f.escrita - f.escritas,
                   requisicoes = t.requisicoes + 1,
                   ultimo_uso_em = date_trunc('milliseconds', now())
              FROM final f
             WHERE t.id = f.id
            RETURNING t.loja_id, f.total, f.escrita, f.escritas, f.leituras,
                      GREATEST(1, ceil(extract(epoch FROM f.fim - now())))::bigint AS segundos""";

    private record Entrada(String lojaId, long total, long escrita, long escritas, long leituras, long segundos) {
    }

    private final NamedParameterJdbcTemplate jdbc;
    private final long limiteTotal;
    private final long limiteEscrita;

    Admissao(NamedParameterJdbcTemplate jdbc,
             @Value("${RATE_LIMIT_PER_MINUTE:180}") long limiteTotal,
             @Value("${RATE_LIMIT_WRITES_PER_MINUTE:90}") long limiteEscrita) {
        this.jdbc = jdbc;
        this.limiteTotal = limiteTotal;
        this.limiteEscrita = limiteEscrita;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest requisicao, HttpServletResponse resposta, FilterChain cadeia)
            throws ServletException, IOException {
        String cabecalho = requisicao.getHeader("Authorization");
        if (cabecalho == null || !cabecalho.regionMatches(true, 0, "Bearer ", 0, 7) || cabecalho.length() < 8) {
            recusar(resposta, 401, "Envie o cabeçalho Authorization: Bearer <token da loja>");
            return;
        }
        boolean escrita = ESCRITAS.contains(requisicao.getMethod());
        List<Entrada> entradas = jdbc.query(COBRAR, new MapSqlParameterSource()
                .addValue("hash", sha256(cabecalho.substring(7).trim()))
                .addValue("limiteTotal", limiteTotal).addValue("limiteEscrita", limiteEscrita)
                .addValue("escritas", escrita ? 1 : 0).addValue("leituras", escrita ? 0 : 1),
                (linha, n) -> new Entrada(linha.getString(1), linha.getLong(2), linha.getLong(3), linha.getLong(4),
                        linha.getLong(5), linha.getLong(6)));
        if (entradas.isEmpty()) {
            recusar(resposta, 401, "Token inválido ou revogado");
            return;
        }
        Entrada e = entradas.get(0);
        boolean permitido = escrita ? e.escritas() == 1 : e.leituras() == 1;
        long restantes = e.total() - e.escritas() - e.leituras();
        resposta.setHeader("X-RateLimit-Limit", Long.toString(limiteTotal));
        resposta.setHeader("X-RateLimit-Remaining",
                Long.toString(escrita ? Math.min(restantes, e.escrita() - e.escritas()) : restantes));
        resposta.setHeader("X-RateLimit-Reset", Long.toString(e.segundos()));
        if (escrita) {
            resposta.setHeader("X-RateLimit-Write-Limit", Long.toString(limiteEscrita));
            resposta.setHeader("X-RateLimit-Write-Remaining", Long.toString(e.escrita() - e.escritas()));
        }
        if (!permitido) {
            resposta.setHeader("Retry-After", Long.toString(e.segundos()));
            recusar(resposta, 429, "Limite de requisições excedido; tente de novo em " + e.segundos() + " s");
            return;
        }
        requisicao.setAttribute(LOJA, e.lojaId());
        cadeia.doFilter(requisicao, resposta);
    }

    private static void recusar(HttpServletResponse resposta, int status, String erro) throws IOException {
        resposta.setStatus(status);
        resposta.setContentType("application/json");
        resposta.getOutputStream().write(("{\"erro\":\"" + erro + "\"}").getBytes(StandardCharsets.UTF_8));
    }

    private static String sha256(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                                                         .digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
