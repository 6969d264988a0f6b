package br.com.lojaapi.query.comum;

import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The one place that knows which table holds each read model, for writers waiting on their own writes. Tombstones
 * of removed resources count: their version is the removal's. All the rows a write waits for are read in one
 * statement, outside any transaction.
 */
@Component
public class VersoesProjetadas {

    private final JdbcTemplate jdbc;

    VersoesProjetadas(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** The version each row holds in its read model; rows not there (yet, or in another store) are left out. */
    public Map<AvisosDeLeitura.Linha, Long> ler(String lojaId, Collection<AvisosDeLeitura.Linha> linhas) {
        Map<ModeloLeitura, List<String>> porModelo = new EnumMap<>(ModeloLeitura.class);
        linhas.forEach(l -> porModelo.computeIfAbsent(l.modelo(), m -> new ArrayList<>()).add(l.id()));
        Map<AvisosDeLeitura.Linha, Long> versoes = new HashMap<>();
        if (porModelo.isEmpty()) {
            return versoes;
        }
        // By primary key alone, the store compared here: with "AND loja_id = ?" in the statement, a table whose
        // statistics were not there yet (a new database, a table growing from empty, a rebuilt copy) was read through
        // its index by store, every row of the store filtered for the ids, at each write.
        StringJoiner consulta = new StringJoiner(" UNION ALL ");
        porModelo.keySet().forEach(modelo -> consulta.add("SELECT '" + modelo.name() + "', id, versao, "
                + (modelo == ModeloLeitura.LOJA ? "id" : "loja_id") + " FROM " + tabela(modelo)
                + " WHERE id = ANY (?)"));
        jdbc.query(conexao -> {
            PreparedStatement comando = conexao.prepareStatement(consulta.toString());
            int parametro = 1;
            for (List<String> ids : porModelo.values()) {
                comando.setArray(parametro++, ids(conexao, ids));
            }
            return comando;
        }, linha -> {
            ModeloLeitura modelo = ModeloLeitura.valueOf(linha.getString(1));
            if (modelo == ModeloLeitura.LOJA || lojaId.equals(linha.getString(4))) {
                versoes.put(new AvisosDeLeitura.Linha(modelo, linha.getString(2)), linha.getLong(3));
            }
        });
        return versoes;
    }

    private static java.sql.Array ids(Connection conexao, List<String> ids) throws SQLException {
        return conexao.createArrayOf("varchar", ids.toArray());
    }

    static String tabela(ModeloLeitura modelo) {
        return switch (modelo) {
            case LOJA -> "loja_view";
            case CATEGORIA -> "categoria_view";
            case PRODUTO -> "produto_view";
            case GRUPO -> "grupo_complemento_view";
            case CLIENTE -> "cliente_view";
            case PEDIDO -> "pedido_view";
            case WEBHOOK -> "webhook_view";
            case NOTA_FISCAL -> "nota_fiscal_view";
            case ETIQUETA -> "etiqueta_view";
        };
    }
}
