package br.com.lojaapi.query.comum;

import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * The fingerprint behind an ETag: SHA-256 over the versions a response is made of, cut to 64 bits. Every input
 * comes from PostgreSQL, so every node computes the same tag.
 *
 * <p>A tag is made of rows {@code (k, n, id, v)}: a kind, a position (a row's place on a page, 0 when the order does
 * not show), an id and a version, hashed in the order of {@code (k, n, id)} (sorted here, so a body query that reads
 * the same rows in another order gives the same tag as a version query). The kind {@code 'p'} marks the resources
 * themselves; the others are what their bodies embed, tombstones included, so a removal changes the tag.
 */
public final class Impressao {

    /**
     * Versions a product body depends on, after a {@code WITH p AS (SELECT id, versao, categoria_id,
     * grupos_complemento, n ...)} that selects the products: its own row (variations and stock move its version),
     * its category's and its groups' (their names show) and the store's (its slug or domain makes the url).
     */
    public static final String PRODUTOS = """
            SELECT 'p' AS k, n, id, versao::text AS v FROM p
            UNION ALL SELECT 'c', 0, c.id, c.versao::text FROM categoria_view c WHERE c.id IN (SELECT categoria_id FROM p)
            UNION ALL SELECT 'g', 0, g.id, g.versao::text FROM grupo_complemento_view g
                       WHERE g.id IN (SELECT jsonb_array_elements_text(grupos_complemento) FROM p)
            UNION ALL SELECT 'l', 0, l.id, l.versao::text FROM loja_view l WHERE l.id = :loja""";

    /** The rows themselves, after a {@code WITH p AS (SELECT id, versao, n ...)}: for bodies of their own row only. */
    public static final String PROPRIAS = "SELECT 'p' AS k, n, id, versao::text AS v FROM p";

    /**
     * Versions an order body depends on, after a {@code WITH p AS (SELECT id, versao, n ...)} that selects the
     * orders: its own row, and every invoice and carrier label ever linked to it (their summaries show).
     */
    public static final String PEDIDOS = """
            SELECT 'p' AS k, n, id, versao::text AS v FROM p
            UNION ALL SELECT 'n', 0, f.id, f.versao::text FROM nota_fiscal_view f
                       WHERE f.loja_id = :loja AND f.pedido_id IN (SELECT id FROM p)
            UNION ALL SELECT 'e', 0, e.id, e.versao::text FROM etiqueta_view e
                       WHERE e.loja_id = :loja AND e.pedido_id IN (SELECT id FROM p)""";

    private static final Comparator<Linha> ORDEM =
            Comparator.comparing(Linha::k).thenComparingLong(Linha::n).thenComparing(Linha::id);

    private record Linha(String k, long n, String id, String v) {
    }

    private final String contexto;
    private final List<Linha> linhas = new ArrayList<>();

    private Impressao(Object contexto) {
        this.contexto = String.valueOf(contexto);
    }

    /** A tag to be made of rows added with {@link #linha}, after {@code contexto} (the list's parameters, say). */
    public static Impressao de(Object contexto) {
        return new Impressao(contexto);
    }

    /**
     * Runs a version query that selects rows {@code (k, n, id, v)} and takes them, after {@code contexto}. The query's
     * parameters are its own.
     */
    public static Impressao de(NamedParameterJdbcTemplate jdbc, String sql, MapSqlParameterSource parametros,
                               Object contexto) {
        Impressao impressao = new Impressao(contexto);
        jdbc.query(sql, parametros, rs -> {
            impressao.linha(rs.getString(1), rs.getLong(2), rs.getString(3), rs.getString(4));
        });
        return impressao;
    }

    /**
     * The tag of one page of a list: {@code tabela}'s rows matching {@code filtro}, in {@code ordem}, page
     * {@code pagina} of {@code limite}, selected as {@code p(colunas..., n)} for {@code versoes} (a query over
     * {@code p}), plus the total that {@code total} gives (a query of one number, such as a kept count, over the same
     * parameters); {@code consulta}, the list's parameters, is hashed too.
     */
    public static String daPagina(NamedParameterJdbcTemplate jdbc, String colunas, String tabela, String filtro,
                                  String ordem, String versoes, String total, MapSqlParameterSource parametros,
                                  Object consulta, int pagina, int limite) {
        return de(jdbc, "WITH p AS (SELECT " + colunas + ", row_number() OVER (ORDER BY " + ordem + ") AS n FROM "
                + tabela + " WHERE " + filtro + " ORDER BY " + ordem + Paginacao.LIMITE + ") "
                + versoes + " UNION ALL SELECT 't', 0, '', (" + total + ")::text",
                Paginacao.pagina(parametros, pagina, limite), consulta).daLista();
    }

    /** Adds one row {@code (k, n, id, v)}. */
    public Impressao linha(String k, long n, String id, String v) {
        linhas.add(new Linha(k, n, id, v));
        return this;
    }

    /** Adds one row {@code (k, n, id, v)} of a numeric version. */
    public Impressao linha(String k, long n, String id, long v) {
        return linha(k, n, id, Long.toString(v));
    }

    /**
     * The tag of one resource: {@code <versao>-<hash>}, the version being the first {@code 'p'} row's; empty when
     * there is none (not found).
     */
    public Optional<String> doRecurso() {
        return linhas.stream().filter(l -> "p".equals(l.k())).min(ORDEM).map(l -> l.v() + "-" + hash());
    }

    /** Whether a row of kind {@code k} came (a list's owner, say). */
    public boolean tem(String k) {
        return linhas.stream().anyMatch(l -> k.equals(l.k()));
    }

    /** The tag of a list: {@code l-<hash>}, never mistaken for a resource's. */
    public String daLista() {
        return "l-" + hash();
    }

    private String hash() {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        parte(sha, contexto);
        linhas.stream().sorted(ORDEM)
              .forEach(l -> parte(sha, l.k() + '\u001f' + l.n() + '\u001f' + l.id() + '\u001f' + l.v()));
        return HexFormat.of().formatHex(sha.digest(), 0, 8);
    }

    private static void parte(MessageDigest sha, String parte) {
        sha.update(parte.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0x1e);
    }
}
