package br.com.lojaapi.query.produto;

import br.com.lojaapi.coreapi.produto.BuscarProdutoQuery;
import br.com.lojaapi.coreapi.produto.CarimboDeProdutosQuery;
import br.com.lojaapi.coreapi.produto.BuscarVariacaoQuery;
import br.com.lojaapi.coreapi.produto.ListarProdutosQuery;
import br.com.lojaapi.coreapi.produto.PaginaDeProdutos;
import br.com.lojaapi.coreapi.produto.ProdutoView;
import br.com.lojaapi.coreapi.produto.ProdutosPorIdQuery;
import br.com.lojaapi.coreapi.produto.Referencia;
import br.com.lojaapi.coreapi.produto.VariacaoView;
import br.com.lojaapi.query.comum.Contem;
import br.com.lojaapi.query.comum.Impressao;
import br.com.lojaapi.query.comum.Paginacao;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads of the product read model. A page costs four queries whatever its size: the products (with the total, the
 * store's kept count unless the page searches: {@link ContagemDeProdutos}), then their variations, category names
 * and group names in one query each. A single product as its GET shows it: {@link LeituraDoProduto}.
 */
@Component
class ProdutoConsultas {

    private final NamedParameterJdbcTemplate jdbc;

    ProdutoConsultas(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @QueryHandler
    PaginaDeProdutos handle(ListarProdutosQuery consulta) {
        MapSqlParameterSource parametros = new MapSqlParameterSource("loja", consulta.lojaId());
        String filtro = filtro(consulta, parametros);
        String contagem = ContagemDeProdutos.total(consulta, filtro);
        long[] total = {-1};
        List<LinhasDeProduto.Linha> linhas = jdbc.query("SELECT " + LinhasDeProduto.COLUNAS + ", (" + contagem
                + ") AS total FROM produto_view WHERE " + filtro + " ORDER BY ordem, lower(nome), id" + Paginacao.LIMITE,
                Paginacao.pagina(parametros, consulta.pagina(), consulta.limite()), (rs, i) -> {
                    total[0] = rs.getLong("total");
                    return LinhasDeProduto.linha(rs);
                });
        if (linhas.isEmpty()) {
            Long contados = jdbc.queryForObject(contagem, parametros, Long.class);
            total[0] = contados == null ? 0 : contados;
        }
        return new PaginaDeProdutos(montar(linhas), total[0]);
    }

    /** The bodies of an incremental-sync page: products by id, tombstones included, built as every read builds them. */
    @QueryHandler
    PaginaDeProdutos handle(ProdutosPorIdQuery consulta) {
        List<LinhasDeProduto.Linha> linhas = Paginacao.porIds(jdbc, LinhasDeProduto.COLUNAS, "produto_view", consulta.lojaId(), consulta.ids(),
                (rs, i) -> LinhasDeProduto.linha(rs));
        return new PaginaDeProdutos(montar(linhas), linhas.size());
    }

    /** The page's ETag: its rows' positions and versions, what they embed and the total, never their bodies. */
    @QueryHandler
    String handle(CarimboDeProdutosQuery carimbo) {
        ListarProdutosQuery consulta = carimbo.pagina();
        MapSqlParameterSource parametros = new MapSqlParameterSource("loja", consulta.lojaId());
        String filtro = filtro(consulta, parametros);
        return Impressao.daPagina(jdbc, "id, versao, categoria_id, grupos_complemento", "produto_view", filtro,
                "ordem, lower(nome), id", Impressao.PRODUTOS, ContagemDeProdutos.total(consulta, filtro), parametros,
                consulta, consulta.pagina(), consulta.limite());
    }

    @QueryHandler
    Optional<ProdutoView> handle(BuscarProdutoQuery consulta) {
        List<LinhasDeProduto.Linha> linhas = jdbc.query("SELECT " + LinhasDeProduto.COLUNAS + " FROM produto_view"
                        + " WHERE id = :id AND loja_id = :loja AND deletado_em IS NULL",
                new MapSqlParameterSource("id", consulta.produtoId()).addValue("loja", consulta.lojaId()),
                (rs, i) -> LinhasDeProduto.linha(rs));
        return montar(linhas).stream().findFirst();
    }

    @QueryHandler
    Optional<VariacaoView> handle(BuscarVariacaoQuery consulta) {
        return jdbc.query("""
                        SELECT v.*, p.versao AS versao_produto FROM variacao_view v
                          JOIN produto_view p ON p.id = v.produto_id
                         WHERE v.id = :id AND v.loja_id = :loja AND p.deletado_em IS NULL""",
                new MapSqlParameterSource("id", consulta.variacaoId()).addValue("loja", consulta.lojaId()),
                (rs, i) -> LinhasDeProduto.variacao(rs, "", rs.getLong("versao_produto"))).stream().findFirst();
    }

    /** The WHERE condition of a page, adding its parameters: shared by the page and its ETag. */
    private static String filtro(ListarProdutosQuery consulta, MapSqlParameterSource parametros) {
        StringBuilder filtro = new StringBuilder("loja_id = :loja AND deletado_em IS NULL");
        if (consulta.categoriaId() != null) {
            filtro.append(" AND categoria_id = :categoria");
            parametros.addValue("categoria", consulta.categoriaId());
        }
        if (consulta.apenasDisponiveis()) {
            filtro.append(" AND disponivel");
        }
        String busca = consulta.busca() == null ? null : consulta.busca().strip();
        if (busca != null && !busca.isEmpty()) {
            filtro.append(" AND (lower(nome) LIKE :padrao" + Contem.ESCAPE + " OR lower(sku) LIKE :padrao"
                    + Contem.ESCAPE + " OR lower(codigo_barras) LIKE :padrao" + Contem.ESCAPE);
            parametros.addValue("padrao", Contem.padrao(busca.toLowerCase(Locale.ROOT)));
            Long codigo = numero(busca);
            if (codigo != null) {
                filtro.append(" OR cod_integracao = :codigo");
                parametros.addValue("codigo", codigo);
            }
            filtro.append(")");
        }
        return filtro.toString();
    }

    private List<ProdutoView> montar(List<LinhasDeProduto.Linha> linhas) {
        if (linhas.isEmpty()) {
            return List.of();
        }
        List<String> ids = linhas.stream().map(LinhasDeProduto.Linha::id).toList();
        Map<String, Long> versoes = new HashMap<>();
        linhas.forEach(l -> versoes.put(l.id(), l.versao()));
        Map<String, List<VariacaoView>> variacoes = new HashMap<>();
        jdbc.query("SELECT * FROM variacao_view WHERE produto_id IN (:ids) ORDER BY produto_id, posicao",
                new MapSqlParameterSource("ids", ids), rs -> {
                    String produto = rs.getString("produto_id");
                    variacoes.computeIfAbsent(produto, p -> new ArrayList<>())
                             .add(LinhasDeProduto.variacao(rs, "", versoes.get(produto)));
                });
        Set<String> categorias = new LinkedHashSet<>();
        Set<String> grupos = new LinkedHashSet<>();
        linhas.forEach(l -> {
            categorias.add(l.dados().categoriaId());
            grupos.addAll(l.dados().gruposComplemento());
        });
        Map<String, String> nomesDeCategoria = nomes(
                "SELECT id, nome FROM categoria_view WHERE id IN (:ids) AND removida_em IS NULL", categorias);
        Map<String, String> nomesDeGrupo = nomes(
                "SELECT id, nome FROM grupo_complemento_view WHERE id IN (:ids) AND removido_em IS NULL", grupos);
        return linhas.stream().map(l -> new ProdutoView(l.id(), l.lojaId(), l.dados(),
                Optional.ofNullable(nomesDeCategoria.get(l.dados().categoriaId()))
                        .map(nome -> new Referencia(l.dados().categoriaId(), nome)).orElse(null),
                l.dados().gruposComplemento().stream().filter(nomesDeGrupo::containsKey)
                 .map(g -> new Referencia(g, nomesDeGrupo.get(g))).toList(),
                variacoes.getOrDefault(l.id(), List.of()), l.criadoEm(), l.atualizadoEm(), l.versao())).toList();
    }

    private Map<String, String> nomes(String sql, Collection<String> ids) {
        Map<String, String> nomes = new HashMap<>();
        if (!ids.isEmpty()) {
            jdbc.query(sql, new MapSqlParameterSource("ids", ids), rs -> {
                nomes.put(rs.getString("id"), rs.getString("nome"));
            });
        }
        return nomes;
    }

    private static Long numero(String termo) {
        if (!termo.chars().allMatch(Character::isDigit) || termo.length() > 18) {
            return null;
        }
        return Long.parseLong(termo);
    }
}
