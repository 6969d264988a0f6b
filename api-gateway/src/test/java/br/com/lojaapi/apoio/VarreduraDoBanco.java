package br.com.lojaapi.apoio;

import org.springframework.jdbc.core.JdbcTemplate;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Looks for values in every column of every table of the database, in every schema but PostgreSQL's own (a
 * rebuild's copies included): text, numbers, arrays, json as their text, and bytea as bytes, so a value inside a
 * binary payload (an event, a stored answer, a saga) is found as well as one in a text column.
 */
public final class VarreduraDoBanco {

    private VarreduraDoBanco() {
    }

    /** What to look for: text (in every column; in bytea as its UTF-8 bytes) and bytes (in bytea only). */
    public record Agulhas(List<String> textos, List<byte[]> bytes) {

        /**
         * A webhook secret ({@code whsec_} + 48 hex) in every form a copy could take: as written (its hex part finds
         * it with or without the prefix), base64 of it, and the key bytes each signature scheme reads from it, raw
         * or in base64 or hex.
         */
        public static Agulhas deSegredo(String segredo) {
            String hex = segredo.substring("whsec_".length());
            byte[] bytesDoHex = HexFormat.of().parseHex(hex);
            byte[] chavePadrao = Base64.getDecoder().decode(hex);
            List<String> textos = List.of(hex,
                    Base64.getEncoder().encodeToString(segredo.getBytes(StandardCharsets.UTF_8)),
                    Base64.getEncoder().encodeToString(hex.getBytes(StandardCharsets.UTF_8)),
                    Base64.getEncoder().encodeToString(bytesDoHex),
                    HexFormat.of().formatHex(chavePadrao));
            return new Agulhas(textos, List.of(bytesDoHex, chavePadrao));
        }

        public static Agulhas deTexto(String texto) {
            return new Agulhas(List.of(texto), List.of());
        }
    }

    /** Every {@code schema.table.column} where one of the needles is, in no particular order. */
    public static List<String> ondeAparece(JdbcTemplate jdbc, Agulhas agulhas) {
        Map<String, List<String[]>> colunas = new LinkedHashMap<>();
        jdbc.query("""
                SELECT c.table_schema, c.table_name, c.column_name, c.data_type
                  FROM information_schema.columns c
                  JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
                 WHERE t.table_type = 'BASE TABLE'
                   AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
                   AND c.table_schema NOT LIKE 'pg\\_%'
                 ORDER BY c.table_schema, c.table_name, c.ordinal_position""", rs -> {
            colunas.computeIfAbsent(identificador(rs.getString(1)) + "." + identificador(rs.getString(2)),
                    t -> new ArrayList<>()).add(new String[] {rs.getString(3), rs.getString(4)});
        });
        List<String> achados = new ArrayList<>();
        for (Map.Entry<String, List<String[]>> tabela : colunas.entrySet()) {
            // One pass over each table: a count per column.
            List<Object> parametros = new ArrayList<>();
            List<String> contagens = new ArrayList<>();
            for (String[] coluna : tabela.getValue()) {
                contagens.add("count(*) FILTER (WHERE " + condicao(identificador(coluna[0]),
                        "bytea".equals(coluna[1]), agulhas, parametros) + ")");
            }
            jdbc.query("SELECT " + String.join(", ", contagens) + " FROM " + tabela.getKey(), rs -> {
                for (int i = 0; i < tabela.getValue().size(); i++) {
                    if (rs.getLong(i + 1) > 0) {
                        achados.add(tabela.getKey() + "." + tabela.getValue().get(i)[0] + " (" + rs.getLong(i + 1)
                                    + " linhas)");
                    }
                }
            }, parametros.toArray());
        }
        return achados;
    }

    private static String condicao(String coluna, boolean binaria, Agulhas agulhas, List<Object> parametros) {
        List<String> partes = new ArrayList<>();
        for (String texto : agulhas.textos()) {
            if (binaria) {
                partes.add("position(?::bytea IN " + coluna + ") > 0");
                parametros.add(texto.getBytes(StandardCharsets.UTF_8));
            } else {
                partes.add("strpos(" + coluna + "::text, ?) > 0");
                parametros.add(texto);
            }
        }
        if (binaria) {
            for (byte[] bytes : agulhas.bytes()) {
                partes.add("position(?::bytea IN " + coluna + ") > 0");
                parametros.add(bytes);
            }
        }
        return String.join(" OR ", partes);
    }

    private static String identificador(String nome) {
        return "\"" + nome.replace("\"", "\"\"") + "\"";
    }
}
