package br.com.lojaapi.query.produto;

import br.com.lojaapi.coreapi.produto.LerProdutoQuery;
import br.com.lojaapi.coreapi.produto.ProdutoLido;
import br.com.lojaapi.coreapi.produto.ProdutoView;
import br.com.lojaapi.coreapi.produto.Referencia;
import br.com.lojaapi.coreapi.produto.VariacaoView;
import br.com.lojaapi.query.comum.Impressao;
import br.com.lojaapi.query.produto.LinhasDeProduto.Linha;
import com.fasterxml.jackson.databind.JsonNode;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.ResultSetExtractor;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** A product as its GET shows it, in one statement, which also reads what its tag and its URL need. */
@Component
class LeituraDoProduto {

    /**
     * A product as its GET shows it, in one statement: one row per variation (at least one row), each repeating the
     * product, its store, its category and its groups (as {@code [id, versao, nome, ativo]}), with their versions.
     */
    private static final String LER_PRODUTO = "SELECT " + LinhasDeProduto.COLUNAS.replaceAll("(\\w+)", "p.$1") + """
            , l.id AS l_id, l.versao AS l_versao, l.slug AS l_slug, l.dominio_proprio AS l_dominio,
              c.id AS c_id, c.versao AS c_versao, c.nome AS c_nome, c.removida_em IS NULL AS c_ativa,
              (SELECT jsonb_agg(jsonb_build_array(g.id, g.versao, g.nome, g.removido_em IS NULL))
                 FROM grupo_complemento_view g
                WHERE g.id IN (SELECT jsonb_array_elements_text(p.grupos_complemento))) AS grupos,
              v.id AS v_id, v.produto_id AS v_produto_id, v.nome AS v_nome, v.valor1 AS v_valor1,
              v.valor2 AS v_valor2, v.preco AS v_preco, v.sku AS v_sku, v.codigo_barras AS v_codigo_barras,
              v.cod_integracao AS v_cod_integracao, v.quantidade_estoque AS v_quantidade_estoque,
              v.estoque_minimo AS v_estoque_minimo
              FROM produto_view p
              LEFT JOIN loja_view l ON l.id = p.loja_id
              LEFT JOIN categoria_view c ON c.id = p.categoria_id
              LEFT JOIN variacao_view v ON v.produto_id = p.id
             WHERE p.id = :id AND p.loja_id = :loja AND p.deletado_em IS NULL
             ORDER BY v.posicao""";

    private final NamedParameterJdbcTemplate jdbc;

    LeituraDoProduto(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The product with its variations, its category, its groups and its store, and its tag from the versions of all
     * four (tombstones included: a removed category or group changes the tag), in one statement.
     */
    @QueryHandler
    Optional<ProdutoLido> handle(LerProdutoQuery consulta) {
        return jdbc.query(LER_PRODUTO, new MapSqlParameterSource("id", consulta.produtoId())
                .addValue("loja", consulta.lojaId()), (ResultSetExtractor<Optional<ProdutoLido>>) rs -> {
                    if (!rs.next()) {
                        return Optional.empty();
                    }
                    Linha linha = LinhasDeProduto.linha(rs);
                    Function<List<VariacaoView>, ProdutoLido> lido = lido(linha, rs);
                    List<VariacaoView> variacoes = new ArrayList<>();
                    do {
                        if (rs.getString("v_id") != null) {
                            variacoes.add(LinhasDeProduto.variacao(rs, "v_", linha.versao()));
                        }
                    } while (rs.next());
                    return Optional.of(lido.apply(variacoes));
                });
    }

    /**
     * The product of {@code linha} with its tag and its store's address, from the columns every row of
     * {@link #LER_PRODUTO} repeats; its variations come from all of them.
     */
    private Function<List<VariacaoView>, ProdutoLido> lido(Linha linha, ResultSet rs) throws SQLException {
        // The rows and the context a product's tag has always been made of: tags that clients hold stay valid.
        Impressao tag = Impressao.de("PRODUTO").linha("p", 1, linha.id(), linha.versao());
        Referencia categoria = null;
        if (rs.getString("c_id") != null) {
            tag.linha("c", 0, rs.getString("c_id"), rs.getLong("c_versao"));
            if (rs.getBoolean("c_ativa")) {
                categoria = new Referencia(rs.getString("c_id"), rs.getString("c_nome"));
            }
        }
        Map<String, String> nomesDeGrupo = new HashMap<>();
        String grupos = rs.getString("grupos");
        if (grupos != null) {
            for (JsonNode grupo : LinhasDeProduto.arvore(grupos)) {
                tag.linha("g", 0, grupo.get(0).asText(), grupo.get(1).asLong());
                if (grupo.get(3).asBoolean()) {
                    nomesDeGrupo.put(grupo.get(0).asText(), grupo.get(2).asText());
                }
            }
        }
        String lojaId = rs.getString("l_id");
        if (lojaId == null) {
            throw new IllegalStateException("loja sem registro: " + linha.lojaId());
        }
        tag.linha("l", 0, lojaId, rs.getLong("l_versao"));
        Referencia daCategoria = categoria;
        List<Referencia> doGrupo = linha.dados().gruposComplemento().stream().filter(nomesDeGrupo::containsKey)
                                        .map(g -> new Referencia(g, nomesDeGrupo.get(g))).toList();
        String slug = rs.getString("l_slug");
        String dominio = rs.getString("l_dominio");
        String etag = tag.doRecurso().orElseThrow();
        return variacoes -> new ProdutoLido(new ProdutoView(linha.id(), linha.lojaId(), linha.dados(), daCategoria,
                doGrupo, variacoes, linha.criadoEm(), linha.atualizadoEm(), linha.versao()), slug, dominio, etag);
    }
}
