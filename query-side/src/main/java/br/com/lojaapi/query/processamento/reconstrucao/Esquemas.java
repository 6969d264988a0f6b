package br.com.lojaapi.query.processamento.reconstrucao;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The tables of a rebuild: copies of a read model's tables in a schema of their own, built empty, and swapped
 * with the live ones in one transaction. The copies keep the live tables' column order, defaults, constraints and
 * index names (so later migrations find them by name); their notification triggers are added only at the swap,
 * so a rebuild wakes no waiting reader. Triggers named {@code modelo_*} are part of the model instead (they keep
 * the model's own tables, such as the kept counts of V33 and V35): the copies have them from the start.
 * <p>
 * While they fill, the copies are UNLOGGED (no write-ahead log per row) and have only their primary key and
 * unique indexes (what the handlers' upserts need); the other indexes are built in one pass, and the tables made
 * LOGGED, by {@link #finalizar} before the swap. An unlogged table is emptied by a PostgreSQL crash: a rebuild
 * taken over by another node therefore starts again from the first event ({@link #preparar} again).
 */
@Component
class Esquemas {

    private static final Logger LOG = LoggerFactory.getLogger(Esquemas.class);

    /** The table whose one row says the copies were not emptied by a crash; never swapped in. */
    private static final String MARCA = "reconstrucao_intacta";

    private static final Pattern NOME_DE_INDICE = Pattern.compile("INDEX \\S+ ON \\S+");

    private final JdbcTemplate jdbc;
    private final String atual;

    Esquemas(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
        this.atual = jdbc.queryForObject("SELECT current_schema()", String.class);
    }

    static String citado(String identificador) {
        return '"' + identificador.replace("\"", "\"\"") + '"';
    }

    /** The application's schema, where the live tables are. */
    String atual() {
        return atual;
    }

    static String daCopia(String processador) {
        return "reconstrucao_" + processador.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "_");
    }

    private static String antigo(String processador) {
        return "reconstrucao_antiga_" + processador.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "_");
    }

    /** Empty copies of the model's tables, replacing what an earlier rebuild may have left. Transactional. */
    void preparar(ModelosReconstruiveis.Modelo modelo) {
        String copia = daCopia(modelo.processador());
        jdbc.execute("DROP SCHEMA IF EXISTS " + citado(copia) + " CASCADE");
        jdbc.execute("CREATE SCHEMA " + citado(copia));
        // a crash of PostgreSQL empties unlogged tables: this row going missing says the copies were emptied too
        jdbc.execute("CREATE UNLOGGED TABLE " + qualificada(copia, MARCA) + " (intacta BOOLEAN NOT NULL)");
        jdbc.execute("INSERT INTO " + qualificada(copia, MARCA) + " VALUES (TRUE)");
        for (String tabela : modelo.tabelas()) {
            jdbc.execute("CREATE UNLOGGED TABLE " + qualificada(copia, tabela) + " (LIKE "
                         + qualificada(atual, tabela) + " INCLUDING ALL)");
            renomearIndices(copia, tabela);
            copiarAlvosDeEstatistica(copia, tabela);
            for (String indice : adiaveis(copia, tabela)) {
                jdbc.execute("DROP INDEX " + qualificada(copia, indice));
            }
        }
        // once every copy exists: the model's own triggers write the copies' tables as they fill
        for (String tabela : modelo.tabelas()) {
            String daTabelaViva = " ON " + atual + "." + tabela + " ";
            for (String definicao : gatilhos(tabela, true)) {
                if (!definicao.contains(daTabelaViva)) {
                    throw new IllegalStateException("Definição inesperada do gatilho de " + tabela + ": " + definicao);
                }
                jdbc.execute(definicao.replace(daTabelaViva, " ON " + qualificada(copia, tabela) + " "));
            }
        }
    }

    /**
     * The definitions of the live table's triggers: those of the model ({@code modelo_*}, on the copies from the
     * start) or the others (added to the copies at the swap).
     */
    private List<String> gatilhos(String tabela, boolean doModelo) {
        return jdbc.queryForList("""
                SELECT pg_get_triggerdef(t.oid) FROM pg_trigger t
                 WHERE t.tgrelid = to_regclass(?) AND NOT t.tgisinternal
                   AND (t.tgname LIKE 'modelo\\_%') = ? ORDER BY t.tgname""",
                String.class, qualificada(atual, tabela), doModelo);
    }

    /**
     * Readies the filled copies for the swap, with the copy's processor stopped: the indexes left out while they
     * filled (built from the live tables' definitions, under the same names), the write-ahead log, and planner
     * statistics so the first queries after the swap are planned well.
     * <p>
     * The statistics are those of the columns a query can filter or sort on: every one but the JSON documents, whose
     * detoasting made up most of a full ANALYZE. An ANALYZE of some columns leaves the table's count of changes since
     * its last analysis as it was, so autovacuum analyses the whole table soon after the swap, in the background.
     */
    void finalizar(ModelosReconstruiveis.Modelo modelo) {
        String copia = daCopia(modelo.processador());
        for (String tabela : modelo.tabelas()) {
            long t0 = System.nanoTime();
            // first: SET LOGGED rewrites the table and rebuilds every index it has, so the left-out indexes are
            // built once, after it, rather than built and then rebuilt (a no-op on a table already logged)
            jdbc.execute("ALTER TABLE " + qualificada(copia, tabela) + " SET LOGGED");
            long t1 = System.nanoTime();
            List<String> faltantes = new ArrayList<>();
            for (String indice : adiaveis(atual, tabela)) {
                String definicao = jdbc.queryForObject("SELECT pg_get_indexdef(to_regclass(?))", String.class,
                                                       qualificada(atual, indice));
                String daTabelaViva = " ON " + atual + "." + tabela + " ";
                if (definicao == null || !definicao.contains(daTabelaViva)) {
                    throw new IllegalStateException("Definição inesperada do índice " + indice + ": " + definicao);
                }
                if (jdbc.queryForObject("SELECT to_regclass(?) IS NULL", Boolean.class, qualificada(copia, indice))) {
                    faltantes.add(definicao.replace(daTabelaViva, " ON " + qualificada(copia, tabela) + " "));
                }
            }
            faltantes.forEach(jdbc::execute);
            long t2 = System.nanoTime();
            List<String> colunas = jdbc.queryForList("""
                    SELECT quote_ident(attname) FROM pg_attribute
                     WHERE attrelid = to_regclass(?) AND attnum > 0 AND NOT attisdropped
                       AND atttypid NOT IN ('json'::regtype, 'jsonb'::regtype) ORDER BY attnum""",
                    String.class, qualificada(copia, tabela));
            jdbc.execute("ANALYZE " + qualificada(copia, tabela)
                         + (colunas.isEmpty() ? "" : " (" + String.join(", ", colunas) + ")"));
            LOG.info("Cópia de {} pronta para a troca: SET LOGGED {} ms, {} índices {} ms, estatísticas {} ms", tabela,
                     (t1 - t0) / 1_000_000, faltantes.size(), (t2 - t1) / 1_000_000,
                     (System.nanoTime() - t2) / 1_000_000);
        }
    }

    /** Indexes no constraint or upsert needs: neither unique nor the primary key. */
    private List<String> adiaveis(String esquema, String tabela) {
        return jdbc.queryForList("""
                SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
                 WHERE i.indrelid = to_regclass(?) AND NOT i.indisunique AND NOT i.indisprimary ORDER BY c.relname""",
                String.class, qualificada(esquema, tabela));
    }

    /**
     * Takes every live table of the model for the caller's transaction: readers wait the few milliseconds to the
     * commit rather than fail, and a projection batch already writing them finishes first. A batch of another
     * node that stored its token before writing (a projection that writes at prepare-commit) can deadlock with
     * the swap, which then locks its token rows: PostgreSQL aborts one of the two and each is retried.
     */
    void travar(ModelosReconstruiveis.Modelo modelo) {
        StringBuilder tabelas = new StringBuilder();
        for (String tabela : modelo.tabelas()) {
            tabelas.append(tabelas.isEmpty() ? "" : ", ").append(qualificada(atual, tabela));
        }
        jdbc.execute("LOCK TABLE " + tabelas + " IN ACCESS EXCLUSIVE MODE");
    }

    /** In the caller's transaction, after {@link #travar}: the copies become the live tables, the old ones go. */
    void trocar(ModelosReconstruiveis.Modelo modelo) {
        String copia = daCopia(modelo.processador());
        String antigo = antigo(modelo.processador());
        jdbc.execute("DROP SCHEMA IF EXISTS " + citado(antigo) + " CASCADE");
        jdbc.execute("CREATE SCHEMA " + citado(antigo));
        for (String tabela : modelo.tabelas()) {
            // the model's own triggers came with the copy
            List<String> gatilhos = gatilhos(tabela, false);
            jdbc.execute("ALTER TABLE " + qualificada(atual, tabela) + " SET SCHEMA " + citado(antigo));
            jdbc.execute("ALTER TABLE " + qualificada(copia, tabela) + " SET SCHEMA " + citado(atual));
            // the definitions name the table as the live schema sees it: now the copy
            gatilhos.forEach(jdbc::execute);
        }
        jdbc.execute("DROP SCHEMA " + citado(antigo) + " CASCADE");
        jdbc.execute("DROP SCHEMA " + citado(copia) + " CASCADE");
    }

    /** Whether the copies still hold what their processor wrote: false after a crash of PostgreSQL emptied them. */
    boolean intacta(String processador) {
        String marca = qualificada(daCopia(processador), MARCA);
        return Boolean.TRUE.equals(jdbc.queryForObject(
                "SELECT to_regclass(?) IS NOT NULL", Boolean.class, marca))
               && Boolean.TRUE.equals(jdbc.queryForObject("SELECT EXISTS (SELECT 1 FROM " + marca + ")", Boolean.class));
    }

    /**
     * Refuses a swap that would change a table's shape: a migration that ran on the live tables during the
     * rebuild (a rolling deploy) did not run on the copies.
     */
    void exigirMesmasColunas(ModelosReconstruiveis.Modelo modelo) {
        String copia = daCopia(modelo.processador());
        for (String tabela : modelo.tabelas()) {
            if (!colunas(atual, tabela).equals(colunas(copia, tabela))) {
                throw new IllegalStateException("As colunas de " + tabela + " mudaram durante a reconstrução");
            }
        }
    }

    private List<String> colunas(String esquema, String tabela) {
        return jdbc.queryForList("""
                SELECT attname || ' ' || format_type(atttypid, atttypmod) || CASE WHEN attnotnull THEN ' not null' ELSE '' END
                  FROM pg_attribute WHERE attrelid = to_regclass(?) AND attnum > 0 AND NOT attisdropped ORDER BY attnum""",
                String.class, qualificada(esquema, tabela));
    }

    /** A rebuild that failed: its copies go; the live tables were never touched. */
    void descartar(String processador) {
        jdbc.execute("DROP SCHEMA IF EXISTS " + citado(daCopia(processador)) + " CASCADE");
    }

    /**
     * LIKE ... INCLUDING ALL leaves out the columns' own statistics targets: the copy takes them, so a document
     * column analysed without statistics on the live table (V29) stays so once the copy is swapped in. A column on
     * the default target has -1 (PostgreSQL 16 and earlier) or none (17).
     */
    private void copiarAlvosDeEstatistica(String copia, String tabela) {
        List<String> alvos = jdbc.query("""
                SELECT quote_ident(attname) || ' SET STATISTICS ' || attstattarget FROM pg_attribute
                 WHERE attrelid = to_regclass(?) AND attnum > 0 AND NOT attisdropped AND attstattarget >= 0""",
                (rs, i) -> rs.getString(1), qualificada(atual, tabela));
        for (String alvo : alvos) {
            jdbc.execute("ALTER TABLE " + qualificada(copia, tabela) + " ALTER COLUMN " + alvo);
        }
    }

    /** LIKE ... INCLUDING ALL names indexes after the columns; give each the live index's name. */
    private void renomearIndices(String copia, String tabela) {
        Map<String, String> vivos = indices(atual, tabela);
        Map<String, String> copiados = indices(copia, tabela);
        copiados.forEach((definicao, nome) -> {
            String original = vivos.get(definicao);
            if (original != null && !original.equals(nome)) {
                jdbc.execute("ALTER INDEX " + qualificada(copia, nome) + " RENAME TO " + citado(original));
            }
        });
    }

    /** Index definitions without their name and table, to the index name. */
    private Map<String, String> indices(String esquema, String tabela) {
        Map<String, String> porDefinicao = new HashMap<>();
        jdbc.query("""
                SELECT c.relname, pg_get_indexdef(i.indexrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
                 WHERE i.indrelid = to_regclass(?)""",
                rs -> {
                    porDefinicao.put(NOME_DE_INDICE.matcher(rs.getString(2)).replaceFirst("INDEX ON"), rs.getString(1));
                }, qualificada(esquema, tabela));
        return porDefinicao;
    }

    static String qualificada(String esquema, String tabela) {
        return citado(esquema) + "." + citado(tabela);
    }
}
