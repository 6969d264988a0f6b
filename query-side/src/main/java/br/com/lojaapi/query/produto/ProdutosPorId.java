package br.com.lojaapi.query.produto;

import br.com.lojaapi.coreapi.produto.PaginaDeProdutos;
import br.com.lojaapi.coreapi.produto.ProdutosPorIdQuery;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.List;

/** The bodies of an incremental-sync page: products by id, tombstones included, built as every read builds them. */
@Component
class ProdutosPorId {

    private final NamedParameterJdbcTemplate jdbc;
    private final ProdutoConsultas consultas;

    ProdutosPorId(NamedParameterJdbcTemplate jdbc, ProdutoConsultas consultas) {
        this.jdbc = jdbc;
        this.consultas = consultas;
    }

    @QueryHandler
    PaginaDeProdutos handle(ProdutosPorIdQuery consulta) {
        if (consulta.ids().isEmpty()) {
            return new PaginaDeProdutos(List.of(), 0);
        }
        List<ProdutoConsultas.Linha> linhas = jdbc.query("SELECT " + ProdutoConsultas.COLUNAS + " FROM produto_view"
                        + " WHERE loja_id = :loja AND id IN (:ids)",
                new MapSqlParameterSource("loja", consulta.lojaId()).addValue("ids", consulta.ids()),
                (rs, i) -> consultas.linha(rs));
        return new PaginaDeProdutos(consultas.montar(linhas), linhas.size());
    }
}
