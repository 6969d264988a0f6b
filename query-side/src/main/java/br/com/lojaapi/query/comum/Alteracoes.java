package br.com.lojaapi.query.comum;

import br.com.lojaapi.coreapi.comum.Alteracao;
import br.com.lojaapi.coreapi.comum.AlteracoesQuery;
import br.com.lojaapi.coreapi.comum.PaginaDeAlteracoes;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

/**
 * The keyset of incremental sync: a range scan of the {@code (loja_id, atualizado_em, id)} index (V12), tombstones
 * included, reading only what keys a row. The bodies are read afterwards, and only when the page is not a 304.
 */
@Component
class Alteracoes {

    private final NamedParameterJdbcTemplate jdbc;

    Alteracoes(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @QueryHandler
    PaginaDeAlteracoes handle(AlteracoesQuery consulta) {
        String[] tabela = switch (consulta.modelo()) {
            case PRODUTO -> new String[]{"produto_view", "deletado_em"};
            case PEDIDO -> new String[]{"pedido_view", "removido_em"};
            case CLIENTE -> new String[]{"cliente_view", "NULL::timestamptz"};
            default -> throw new IllegalArgumentException("Sem sincronia para " + consulta.modelo());
        };
        List<Alteracao> linhas = jdbc.query("SELECT id, versao, atualizado_em, " + tabela[1] + " AS removido_em FROM "
                        + tabela[0] + " WHERE loja_id = :loja AND (atualizado_em, id) > (:desde, :id)"
                        + " AND atualizado_em < :ate ORDER BY atualizado_em, id LIMIT :limite",
                new MapSqlParameterSource("loja", consulta.lojaId())
                        .addValue("desde", utc(consulta.desde()))
                        .addValue("id", consulta.desdeId())
                        .addValue("ate", utc(consulta.ate()))
                        .addValue("limite", consulta.limite() + 1),
                (rs, i) -> {
                    Timestamp removido = rs.getTimestamp("removido_em");
                    return new Alteracao(rs.getString("id"), rs.getLong("versao"),
                            rs.getTimestamp("atualizado_em").toInstant(), removido == null ? null : removido.toInstant());
                });
        boolean temMais = linhas.size() > consulta.limite();
        List<Alteracao> pagina = temMais ? linhas.subList(0, consulta.limite()) : linhas;
        return new PaginaDeAlteracoes(pagina, temMais, dependencias(consulta, pagina));
    }

    /**
     * What the page's bodies show of other read models, for its ETag: a category renamed changes a product's body
     * without moving its row, so the row keys alone could give a 304 over a stale body.
     */
    private String dependencias(AlteracoesQuery consulta, List<Alteracao> pagina) {
        if (pagina.isEmpty()) {
            return "";
        }
        MapSqlParameterSource parametros = new MapSqlParameterSource("loja", consulta.lojaId())
                .addValue("ids", pagina.stream().map(Alteracao::id).toList());
        return switch (consulta.modelo()) {
            case PRODUTO -> Impressao.de(jdbc, """
                    WITH p AS (SELECT id, versao, categoria_id, grupos_complemento, 0 AS n FROM produto_view
                                WHERE loja_id = :loja AND id IN (:ids))
                    """ + Impressao.PRODUTOS, parametros, consulta.modelo()).daLista();
            case PEDIDO -> Impressao.de(jdbc, """
                    WITH p AS (SELECT id, versao, 0 AS n FROM pedido_view WHERE loja_id = :loja AND id IN (:ids))
                    """ + Impressao.PEDIDOS, parametros, consulta.modelo()).daLista();
            default -> "";
        };
    }

    private static OffsetDateTime utc(Instant instante) {
        return instante.atOffset(ZoneOffset.UTC);
    }
}
