package br.com.lojaapi.banco;

import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What psql shows on the database: payloads in bytea, no oid large objects, a one-by-one global index. */
class EsquemaDoBancoTest extends TesteDeApi {

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void nenhumaColunaOidEPayloadsEmBytea() {
        List<String> oids = jdbc.queryForList("""
                SELECT table_name || '.' || column_name FROM information_schema.columns
                 WHERE table_schema = 'public' AND data_type = 'oid'""", String.class);
        assertThat(oids).isEmpty();

        Map<String, String> tipos = Map.of(
                "domain_event_entry.payload", "bytea",
                "domain_event_entry.meta_data", "bytea",
                "snapshot_event_entry.payload", "bytea",
                "token_entry.token", "bytea",
                "saga_entry.serialized_saga", "bytea",
                "scheduled_tasks.task_data", "bytea",
                "limite_requisicoes.estado", "bytea");
        tipos.forEach((coluna, tipo) -> {
            String[] partes = coluna.split("\\.");
            String real = jdbc.queryForObject("""
                    SELECT data_type FROM information_schema.columns
                     WHERE table_schema = 'public' AND table_name = ? AND column_name = ?""", String.class,
                    partes[0], partes[1]);
            assertThat(real).as(coluna).isEqualTo(tipo);
        });
    }

    @Test
    void indiceGlobalTemSequenciaPropriaDeUmEmUm() {
        Map<String, Object> sequencia = jdbc.queryForMap("""
                SELECT increment_by, cache_size FROM pg_sequences WHERE sequencename = 'domain_event_entry_global_index_seq'""");
        String padrao = jdbc.queryForObject("""
                SELECT column_default FROM information_schema.columns
                 WHERE table_name = 'domain_event_entry' AND column_name = 'global_index'""", String.class);

        assertThat(((Number) sequencia.get("increment_by")).longValue()).isEqualTo(1);
        assertThat(((Number) sequencia.get("cache_size")).longValue()).isEqualTo(1);
        assertThat(padrao).contains("domain_event_entry_global_index_seq");
    }

    @Test
    void flywayCriouTodasAsTabelas() {
        List<String> tabelas = jdbc.queryForList(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'", String.class);

        assertThat(tabelas).contains("domain_event_entry", "snapshot_event_entry", "token_entry", "saga_entry",
                "association_value_entry", "scheduled_tasks", "loja_view", "loja_slug", "api_token",
                "limite_requisicoes", "categoria_lookup", "categoria_view", "flyway_schema_history");
    }

    @Test
    void eventosSaoGravadosComoJson() {
        novaCategoria(novaLoja(), "Json");

        String payload = jdbc.queryForObject("""
                SELECT convert_from(payload, 'UTF8') FROM domain_event_entry
                 WHERE payload_type LIKE '%CategoriaCriadaEvent' ORDER BY global_index DESC LIMIT 1""", String.class);

        assertThat(payload).startsWith("{").contains("\"nome\":\"Json\"");
    }
}
