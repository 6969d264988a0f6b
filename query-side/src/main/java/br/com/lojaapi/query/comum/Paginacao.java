package br.com.lojaapi.query.comum;

import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

import java.util.List;

/**
 * How lists read their rows: a page of a list ({@link #LIMITE} with {@link #pagina}), or the rows an incremental-sync
 * page names ({@link #porIds}).
 */
public final class Paginacao {

    /** The end of a page's statement, after its {@code ORDER BY}. */
    public static final String LIMITE = " LIMIT :limite OFFSET :deslocamento";

    private Paginacao() {
    }

    /** Page {@code pagina} (the first is 1) of {@code limite} rows, for {@link #LIMITE}. */
    public static MapSqlParameterSource pagina(MapSqlParameterSource parametros, int pagina, int limite) {
        return parametros.addValue("limite", limite).addValue("deslocamento", (long) (pagina - 1) * limite);
    }

    /**
     * The bodies of an incremental-sync page: the store's rows of {@code tabela} with these ids, tombstones included
     * (a removal is a change the client must see), in no particular order.
     */
    public static <T> List<T> porIds(NamedParameterJdbcTemplate jdbc, String colunas, String tabela, String lojaId,
                                     List<String> ids, RowMapper<T> linha) {
        if (ids.isEmpty()) {
            return List.of();
        }
        return jdbc.query("SELECT " + colunas + " FROM " + tabela + " WHERE loja_id = :loja AND id IN (:ids)",
                new MapSqlParameterSource("loja", lojaId).addValue("ids", ids), linha);
    }
}
