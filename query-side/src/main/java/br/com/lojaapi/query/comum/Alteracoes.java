package br.com.lojaapi.query.comum;

import br.com.lojaapi.coreapi.comum.Alteracao;
import br.com.lojaapi.coreapi.comum.AlteracoesQuery;
import br.com.lojaapi.coreapi.comum.PaginaDeAlteracoes;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.Timestamp;
import java.time.ZoneOffset;
import java.util.List;

/**
 * The keyset of incremental sync: a range scan of the {@code (loja_id, global_index)} index (V14), tombstones
 * included, reading only what keys a row, below the horizon the caller computed in the same snapshot. A start in
 * time ({@code atualizadoDesde}, or a cursor of the older {@code (atualizadoEm, id)} kind) becomes the position
 * before the first row changed after it. The bodies are read afterwards, and only when the page is not a 304.
 */
@Component
class Alteracoes {

    private final NamedParameterJdbcTemplate jdbc;

    Alteracoes(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @QueryHandler
    PaginaDeAlteracoes handle(AlteracoesQuery consulta) {
        String removidoEm = switch (consulta.modelo()) {
            case PRODUTO -> "deletado_em";
            case PEDIDO -> "removido_em";
            case CLIENTE -> "NULL::timestamptz";
            default -> throw new IllegalArgumentException("Sem sincronia para " + consulta.modelo());
        };
        String tabela = VersoesProjetadas.tabela(consulta.modelo());
        MapSqlParameterSource parametros = new MapSqlParameterSource("loja", consulta.lojaId())
                .addValue("horizonte", consulta.horizonte());
        long apos = consulta.apos() != null ? consulta.apos() : inicio(tabela, consulta, parametros);
        List<Alteracao> linhas = jdbc.query("SELECT id, versao, global_index, " + removidoEm + " AS removido_em FROM "
                        + tabela + " WHERE loja_id = :loja AND global_index > :apos AND global_index < :horizonte"
                        + " ORDER BY global_index LIMIT :limite",
                parametros.addValue("apos", apos).addValue("limite", consulta.limite() + 1),
                (rs, i) -> {
                    Timestamp removido = rs.getTimestamp("removido_em");
                    return new Alteracao(rs.getString("id"), rs.getLong("versao"), rs.getLong("global_index"),
                            removido == null ? null : removido.toInstant());
                });
        boolean temMais = linhas.size() > consulta.limite();
        List<Alteracao> pagina = temMais ? linhas.subList(0, consulta.limite()) : linhas;
        return new PaginaDeAlteracoes(pagina, apos, temMais, dependencias(consulta, pagina));
    }

    /**
     * The position before the first row, below the horizon, changed after {@code (desde, desdeId)}; with none, the
     * horizon's: every row below it is final, and whatever changes later lands at or above it. A row changed
     * earlier whose last event came later (its write's time was taken before a concurrent one's, or it is one of a
     * stock batch's rows, which share a time) is listed too: sync follows the order changes were made.
     */
    private long inicio(String tabela, AlteracoesQuery consulta, MapSqlParameterSource parametros) {
        Long primeira = jdbc.queryForObject("SELECT min(global_index) FROM " + tabela
                        + " WHERE loja_id = :loja AND (atualizado_em, id) > (:desde, :id) AND global_index < :horizonte",
                parametros.addValue("desde", consulta.desde().atOffset(ZoneOffset.UTC))
                          .addValue("id", consulta.desdeId()),
                Long.class);
        return (primeira == null ? consulta.horizonte() : primeira) - 1;
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
}
