package br.com.lojaapi.query.produto;

import br.com.lojaapi.coreapi.produto.DadosProduto;
import br.com.lojaapi.coreapi.produto.DadosVariacao;
import br.com.lojaapi.coreapi.produto.VariacaoView;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;

/** The columns of a product row and of a variation row, and how they are read: shared by every product read. */
final class LinhasDeProduto {

    static final String COLUNAS = """
            id, loja_id, nome, descricao, preco, preco_promocional, imagens, codigo_barras, sku, referencia,
            cod_integracao, disponivel, destaque, ordem, controla_estoque, quantidade_estoque, estoque_minimo, unidade,
            multiplo_venda, peso, altura, largura, comprimento, categoria_id, grupos_complemento, criado_em,
            atualizado_em, versao""";
    private static final TypeReference<List<String>> LISTA = new TypeReference<>() {
    };
    private static final ObjectMapper JSON = new ObjectMapper();

    private LinhasDeProduto() {
    }

    record Linha(String id, String lojaId, DadosProduto dados, Instant criadoEm, Instant atualizadoEm, long versao) {
    }

    static Linha linha(ResultSet rs) throws SQLException {
        DadosProduto dados = new DadosProduto(rs.getString("nome"), rs.getString("descricao"), rs.getBigDecimal("preco"),
                rs.getBigDecimal("preco_promocional"), lista(rs.getString("imagens")), rs.getString("codigo_barras"),
                rs.getString("sku"), rs.getString("referencia"), longo(rs, "cod_integracao"), rs.getBoolean("disponivel"),
                rs.getBoolean("destaque"), rs.getInt("ordem"), rs.getBoolean("controla_estoque"),
                rs.getBigDecimal("quantidade_estoque"), rs.getBigDecimal("estoque_minimo"), rs.getString("unidade"),
                rs.getBigDecimal("multiplo_venda"), rs.getBigDecimal("peso"), rs.getBigDecimal("altura"),
                rs.getBigDecimal("largura"), rs.getBigDecimal("comprimento"), rs.getString("categoria_id"),
                lista(rs.getString("grupos_complemento")));
        return new Linha(rs.getString("id"), rs.getString("loja_id"), dados, rs.getTimestamp("criado_em").toInstant(),
                rs.getTimestamp("atualizado_em").toInstant(), rs.getLong("versao"));
    }

    /** A variation from the columns named with {@code prefixo}. */
    static VariacaoView variacao(ResultSet rs, String prefixo, long versao) throws SQLException {
        return new VariacaoView(rs.getString(prefixo + "id"), rs.getString(prefixo + "produto_id"),
                new DadosVariacao(rs.getString(prefixo + "nome"), rs.getString(prefixo + "valor1"),
                        rs.getString(prefixo + "valor2"), rs.getBigDecimal(prefixo + "preco"),
                        rs.getString(prefixo + "sku"), rs.getString(prefixo + "codigo_barras"),
                        longo(rs, prefixo + "cod_integracao"), rs.getBigDecimal(prefixo + "quantidade_estoque"),
                        rs.getBigDecimal(prefixo + "estoque_minimo")), versao);
    }

    private static List<String> lista(String texto) {
        try {
            return texto == null ? List.of() : JSON.readValue(texto, LISTA);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("JSON inválido no modelo de leitura de produtos", e);
        }
    }

    static JsonNode arvore(String texto) {
        try {
            return JSON.readTree(texto);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("JSON inválido no modelo de leitura de produtos", e);
        }
    }

    private static Long longo(ResultSet rs, String coluna) throws SQLException {
        long valor = rs.getLong(coluna);
        return rs.wasNull() ? null : valor;
    }
}
