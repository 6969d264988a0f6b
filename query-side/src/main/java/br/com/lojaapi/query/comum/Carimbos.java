package br.com.lojaapi.query.comum;

import br.com.lojaapi.coreapi.comum.CarimboDeListaQuery;
import br.com.lojaapi.coreapi.comum.CarimboQuery;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.Optional;

/**
 * ETags of single resources and of the unpaged lists, from versions alone: nothing of a body is read, so a 304
 * costs one indexed statement. Each statement filters exactly as the GET's own query does, so a tag exists exactly
 * when the body does. The paged lists' tags are answered next to their queries, which share their filters; a
 * product's tag comes with its body, from the statement that reads it ({@code LerProdutoQuery}).
 */
@Component
class Carimbos {

    private final NamedParameterJdbcTemplate jdbc;

    Carimbos(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @QueryHandler
    Optional<String> handle(CarimboQuery consulta) {
        MapSqlParameterSource parametros = new MapSqlParameterSource("loja", consulta.lojaId())
                .addValue("id", consulta.id()).addValue("pedido", consulta.pedidoId());
        return switch (consulta.alvo()) {
            case CATEGORIA -> versao("SELECT versao FROM categoria_view"
                    + " WHERE id = :id AND loja_id = :loja AND removida_em IS NULL", parametros);
            case GRUPO -> versao("SELECT versao FROM grupo_complemento_view"
                    + " WHERE id = :id AND loja_id = :loja AND removido_em IS NULL", parametros);
            case CLIENTE -> versao("SELECT versao FROM cliente_view WHERE id = :id AND loja_id = :loja", parametros);
            case VARIACAO -> versao("""
                    SELECT p.versao FROM variacao_view v JOIN produto_view p ON p.id = v.produto_id
                     WHERE v.id = :id AND v.loja_id = :loja AND p.deletado_em IS NULL""", parametros);
            case NOTA_FISCAL -> versao("SELECT versao FROM nota_fiscal_view"
                    + " WHERE id = :id AND pedido_id = :pedido AND loja_id = :loja AND removida_em IS NULL", parametros);
            case ETIQUETA -> versao("SELECT versao FROM etiqueta_view"
                    + " WHERE id = :id AND pedido_id = :pedido AND loja_id = :loja AND removida_em IS NULL", parametros);
            case PEDIDO -> Impressao.de(jdbc, """
                    WITH p AS (SELECT id, versao, 1 AS n FROM pedido_view
                                WHERE id = :id AND loja_id = :loja AND removido_em IS NULL)
                    """ + Impressao.PEDIDOS, parametros, consulta.alvo()).doRecurso();
        };
    }

    @QueryHandler
    Optional<String> handle(CarimboDeListaQuery consulta) {
        MapSqlParameterSource parametros = new MapSqlParameterSource("loja", consulta.lojaId())
                .addValue("pai", consulta.paiId());
        String sql = switch (consulta.lista()) {
            case CATEGORIAS -> """
                    SELECT 'p' AS k, row_number() OVER (ORDER BY ordem, lower(nome), id) AS n, id, versao::text AS v
                      FROM categoria_view WHERE loja_id = :loja AND removida_em IS NULL""";
            case GRUPOS -> """
                    SELECT 'p' AS k, row_number() OVER (ORDER BY ordem, lower(nome), id) AS n, id, versao::text AS v
                      FROM grupo_complemento_view WHERE loja_id = :loja AND removido_em IS NULL""";
            // The last delivery shows in the body and moves without a new version; as epoch microseconds, since
            // a timestamptz's text depends on the session's time zone, which may differ between nodes.
            case WEBHOOKS -> """
                    SELECT 'p' AS k, row_number() OVER (ORDER BY criado_em, id) AS n, id,
                           versao || '/'
                           || coalesce((extract(epoch FROM (SELECT max(t.enviado_em) FROM entrega_tentativa_view t
                                                             WHERE t.webhook_id = webhook_view.id))
                                        * 1000000)::bigint::text, '') AS v
                      FROM webhook_view WHERE loja_id = :loja AND removido_em IS NULL""";
            // Variations are part of their product: its version covers them.
            case VARIACOES -> """
                    SELECT 'o' AS k, 0 AS n, id, versao::text AS v FROM produto_view
                     WHERE id = :pai AND loja_id = :loja AND deletado_em IS NULL""";
            case NOTAS_FISCAIS -> doPedido("nota_fiscal_view");
            case ETIQUETAS -> doPedido("etiqueta_view");
        };
        Impressao impressao = Impressao.de(jdbc, sql, parametros, consulta.lista());
        boolean semDono = switch (consulta.lista()) {
            case CATEGORIAS, GRUPOS, WEBHOOKS -> true;
            case VARIACOES, NOTAS_FISCAIS, ETIQUETAS -> false;
        };
        return semDono || impressao.tem("o") ? Optional.of(impressao.daLista()) : Optional.empty();
    }

    /** The order's existence (its version does not show in these lists) and its invoices or labels, in order. */
    private static String doPedido(String tabela) {
        return """
                SELECT 'o' AS k, 0 AS n, id, '' AS v FROM pedido_view
                 WHERE id = :pai AND loja_id = :loja AND removido_em IS NULL
                UNION ALL
                SELECT 'p', row_number() OVER (ORDER BY criado_em, id), id, versao::text FROM %s
                 WHERE pedido_id = :pai AND loja_id = :loja AND removida_em IS NULL""".formatted(tabela);
    }

    private Optional<String> versao(String sql, MapSqlParameterSource parametros) {
        return jdbc.queryForList(sql, parametros, Long.class).stream().findFirst().map(String::valueOf);
    }
}
