package convencional;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code GET /v1/produtos/{id}}: the product with its store and category (one join), then its variations. */
@RestController
class ProdutoController {

    private static final String PRODUTO = """
            SELECT p.*, l.slug, l.dominio, c.nome AS categoria_nome
              FROM convencional.produto p
              JOIN convencional.loja l ON l.id = p.loja_id
              LEFT JOIN convencional.categoria c ON c.id = p.categoria_id
             WHERE p.id = ? AND p.loja_id = ? AND p.deletado_em IS NULL""";
    private static final String VARIACOES = """
            SELECT * FROM convencional.variacao WHERE produto_id = ? ORDER BY ordem, id""";

    private final JdbcTemplate jdbc;
    private final Json json;
    private final String dominio;

    ProdutoController(JdbcTemplate jdbc, Json json, @Value("${STOREFRONT_DOMAIN:lojas.example.com}") String dominio) {
        this.jdbc = jdbc;
        this.json = json;
        this.dominio = dominio;
    }

    @GetMapping(path = "/v1/produtos/{id}", produces = "application/json")
    ResponseEntity<Map<String, Object>> ler(@PathVariable String id, HttpServletRequest requisicao) {
        String loja = (String) requisicao.getAttribute(Admissao.LOJA);
        List<Map<String, Object>> achados = jdbc.query(PRODUTO, (linha, n) -> produto(linha), id, loja);
        if (achados.isEmpty()) {
            throw Erro.naoEncontrado("Produto não encontrado");
        }
        Map<String, Object> produto = achados.get(0);
        long versao = (Long) produto.get("versao");
        produto.put("variacoes", jdbc.query(VARIACOES, (linha, n) -> variacao(linha, id, versao), id));
        return ResponseEntity.ok().eTag("\"" + versao + "\"").body(produto);
    }

    private Map<String, Object> produto(ResultSet r) throws SQLException {
        String id = r.getString("id");
        String host = r.getString("dominio") != null ? r.getString("dominio") : r.getString("slug") + "." + dominio;
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("id", id);
        p.put("nome", r.getString("nome"));
        p.put("descricao", r.getString("descricao"));
        p.put("preco", r.getBigDecimal("preco"));
        p.put("precoPromocional", r.getBigDecimal("preco_promocional"));
        p.put("imagens", json.ler(r.getString("imagens")));
        p.put("codigoBarras", r.getString("codigo_barras"));
        p.put("sku", r.getString("sku"));
        p.put("referencia", r.getString("referencia"));
        p.put("codIntegracao", r.getObject("cod_integracao"));
        p.put("url", "https://" + host + "/produto/" + id);
        p.put("disponivel", r.getBoolean("disponivel"));
        p.put("destaque", r.getBoolean("destaque"));
        p.put("ordem", r.getInt("ordem"));
        p.put("controlaEstoque", r.getBoolean("controla_estoque"));
        p.put("quantidadeEstoque", r.getBigDecimal("quantidade_estoque"));
        p.put("estoqueMinimo", r.getBigDecimal("estoque_minimo"));
        p.put("unidade", r.getString("unidade"));
        p.put("multiploVenda", r.getBigDecimal("multiplo_venda"));
        p.put("peso", r.getBigDecimal("peso"));
        p.put("altura", r.getBigDecimal("altura"));
        p.put("largura", r.getBigDecimal("largura"));
        p.put("comprimento", r.getBigDecimal("comprimento"));
        String categoria = r.getString("categoria_id");
        p.put("categoriaId", categoria);
        p.put("categoria", categoria == null ? null : Map.of("id", categoria, "nome", r.getString("categoria_nome")));
        p.put("variacoes", List.of());
        p.put("gruposComplemento", json.ler(r.getString("grupos_complemento")));
        p.put("criadoEm", r.getTimestamp("criado_em").toInstant());
        p.put("atualizadoEm", r.getTimestamp("atualizado_em").toInstant());
        p.put("versao", r.getLong("versao"));
        return p;
    }

    private static Map<String, Object> variacao(ResultSet r, String produtoId, long versao) throws SQLException {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("id", r.getString("id"));
        v.put("produtoId", produtoId);
        v.put("nome", r.getString("nome"));
        v.put("valor1", r.getString("valor1"));
        v.put("valor2", r.getString("valor2"));
        v.put("preco", r.getBigDecimal("preco"));
        v.put("sku", r.getString("sku"));
        v.put("codigoBarras", r.getString("codigo_barras"));
        v.put("codIntegracao", r.getObject("cod_integracao"));
        v.put("quantidadeEstoque", r.getBigDecimal("quantidade_estoque"));
        v.put("estoqueMinimo", r.getBigDecimal("estoque_minimo"));
        v.put("versao", versao);
        return v;
    }
}
