package br.com.lojaapi.webhook;

import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The send queue churns (every attempt a row inserted, updated and deleted), and the service vacuums it within
 * seconds once it holds thousands of dead rows, instead of leaving its claims to walk them until autovacuum's next
 * look at the database (a minute by default).
 */
class LimpezaDaFilaApiTest extends TesteDeApi {

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void filaComMilharesDeLinhasMortasEAspiradaEmSegundos() throws InterruptedException {
        long antes = aspiracoes();
        // 6,000 attempts queued, claimed and recorded, as a fan-out leaves them; the counts reach the statistics
        jdbc.execute((ConnectionCallback<Void>) con -> {
            try (Statement sql = con.createStatement()) {
                sql.execute("""
                        INSERT INTO webhook_envio (id, entrega_id, serie, tentativa, webhook_id, loja_id, devido_em)
                        SELECT 'limpeza-' || i, 'limpeza-' || i, 1, 1, 'limpeza', 'limpeza', now() + interval '1 day'
                          FROM generate_series(1, 6000) i""");
                sql.execute("UPDATE webhook_envio SET tomado_por = 'limpeza', tomado_ate = now() + interval '1 day' "
                            + "WHERE id LIKE 'limpeza-%'");
                sql.execute("DELETE FROM webhook_envio WHERE id LIKE 'limpeza-%'");
                sql.execute("SELECT pg_stat_force_next_flush()");
            }
            return null;
        });

        long fim = System.nanoTime() + 15_000_000_000L;
        while (aspiracoes() == antes && System.nanoTime() < fim) {
            Thread.sleep(100);
        }
        assertThat(aspiracoes()).as("VACUUM da fila pelo serviço").isGreaterThan(antes);
        Long mortas = jdbc.queryForObject(
                "SELECT n_dead_tup FROM pg_stat_user_tables WHERE relid = to_regclass('webhook_envio')", Long.class);
        assertThat(mortas).isLessThan(6000);
    }

    /** Manual vacuums of the queue (autovacuum's are counted apart, in autovacuum_count). */
    private long aspiracoes() {
        Long n = jdbc.queryForObject(
                "SELECT vacuum_count FROM pg_stat_user_tables WHERE relid = to_regclass('webhook_envio')", Long.class);
        return n == null ? 0 : n;
    }
}
