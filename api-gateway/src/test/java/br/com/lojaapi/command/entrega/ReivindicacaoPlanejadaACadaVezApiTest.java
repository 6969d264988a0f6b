package br.com.lojaapi.command.entrega;

import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.transaction.support.TransactionTemplate;

import javax.sql.DataSource;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The queue's claim is planned for the queue as it is at each claim, never from a plan cached on the connection: a
 * generic plan made while the queue was nearly empty scans every free row, so a claim over a backlog took seconds
 * and the sender fell further behind with every one (the fan-out bench's collapse). The driver turns a statement
 * run five times on a connection into a server-side prepared one, after which PostgreSQL may switch to a generic
 * plan; this runs the claim on one connection, as a pooled one would run it, and reads that statement's plans.
 */
class ReivindicacaoPlanejadaACadaVezApiTest extends TesteDeApi {

    @Autowired
    DataSource banco;

    @Test
    void cadaReivindicacaoTemPlanoProprio() throws SQLException {
        SingleConnectionDataSource umaConexao = new SingleConnectionDataSource(banco.getConnection(), true);
        try {
            JdbcTemplate jdbc = new JdbcTemplate(umaConexao);
            TransactionTemplate transacao = new TransactionTemplate(new DataSourceTransactionManager(umaConexao));
            FilaDeWebhooks fila = new FilaDeWebhooks(jdbc, transacao);
            // due tomorrow: nothing here is ever sent, by this claim or by the service's own sender
            jdbc.update("""
                    INSERT INTO webhook_envio (id, entrega_id, serie, tentativa, webhook_id, loja_id, devido_em)
                    SELECT 'plano-' || i, 'plano-' || i, 1, 1, 'plano', 'plano', now() + interval '1 day'
                      FROM generate_series(1, 3) i""");

            // The claims run in one transaction rolled back at the end: the queue is the whole test database's,
            // so a claim may take another test's due attempt or probe, which must not stay taken by this one.
            transacao.executeWithoutResult(externa -> {
                externa.setRollbackOnly();
                for (int i = 0; i < 12; i++) {
                    assertThat(fila.reivindicar("plano", List.of(), 10, 500, Duration.ofSeconds(25),
                            Duration.ofSeconds(200)).envios())
                            .extracting(FilaDeWebhooks.Envio::id).noneMatch(id -> id.startsWith("plano-"));
                }
            });

            List<Map<String, Object>> planos = jdbc.queryForList("""
                    SELECT generic_plans, custom_plans FROM pg_prepared_statements
                     WHERE statement LIKE '%WITH RECURSIVE destinos%'""");
            assertThat(planos).as("a reivindicação virou instrução preparada no servidor").hasSize(1);
            assertThat(((Number) planos.get(0).get("generic_plans")).longValue()).isZero();
            assertThat(((Number) planos.get(0).get("custom_plans")).longValue()).isGreaterThanOrEqualTo(5);
        } finally {
            new JdbcTemplate(umaConexao).update("DELETE FROM webhook_envio WHERE id LIKE 'plano-%'");
            umaConexao.destroy();
        }
    }

    /**
     * Statistics taken while the queue was all held, then thousands of free rows: the claim still reaches the rows it
     * takes by primary key. Through the free rows' index, on those statistics, it compared every free row with every
     * chosen one (the fan-out bench's collapse under a load the node could not keep up with). All in a transaction
     * rolled back at the end, statistics included; the rows are due tomorrow.
     */
    @Test
    void comEstatisticasDeUmaFilaTodaTomadaAReivindicacaoAlcancaAsLinhasPelaChave() {
        TransactionTemplate transacao = new TransactionTemplate(new DataSourceTransactionManager(banco));
        JdbcTemplate jdbc = new JdbcTemplate(banco);
        String plano = transacao.execute(status -> {
            status.setRollbackOnly();
            jdbc.update("""
                    INSERT INTO webhook_envio (id, entrega_id, serie, tentativa, webhook_id, loja_id, devido_em,
                                               tomado_por, tomado_ate)
                    SELECT 'estatisticas-' || i, 'estatisticas-' || i, 1, 1, 'estatisticas-' || (i % 50),
                           'estatisticas', now() + interval '1 day', 'outro-no', now() + interval '1 day'
                      FROM generate_series(1, 5000) i""");
            jdbc.execute("ANALYZE webhook_envio");
            jdbc.update("UPDATE webhook_envio SET tomado_por = NULL, tomado_ate = NULL WHERE id LIKE 'estatisticas-%'");
            return planoDaReivindicacao(jdbc, "estatisticas");
        });

        assertThat(plano).as(plano).contains("Index Scan using webhook_envio_pk on webhook_envio e ");
    }

    /**
     * Each endpoint's calls in flight are counted from that endpoint's held rows alone. Statistics taken with 44,000
     * rows queued and 60 endpoints holding 10 calls each, then those calls ended and as many began (leases later
     * than any the statistics saw): through an index of the leases alone, planned on such statistics, the count
     * walked every endpoint's held rows for each endpoint (a claim of 60 ms under the fan-out bench, growing with
     * endpoints times calls; decision 085). Rolled back at the end, statistics included.
     */
    @Test
    void asChamadasEmVooDeUmDestinoSaoContadasSoNasLinhasDele() {
        TransactionTemplate transacao = new TransactionTemplate(new DataSourceTransactionManager(banco));
        JdbcTemplate jdbc = new JdbcTemplate(banco);
        String plano = transacao.execute(status -> {
            status.setRollbackOnly();
            String emVoo = """
                    INSERT INTO webhook_envio (id, entrega_id, serie, tentativa, webhook_id, loja_id, devido_em,
                                               tomado_por, tomado_ate)
                    SELECT 'contagem-%1$s' || i, 'contagem-%1$s' || i, 1, 1, 'contagem-' || (i %% 60), 'contagem',
                           now(), 'outro-no', now() + interval '%2$s'
                      FROM generate_series(1, 600) i""";
            jdbc.update("""
                    INSERT INTO webhook_envio (id, entrega_id, serie, tentativa, webhook_id, loja_id, corpo, devido_em)
                    SELECT 'contagem-fila-' || i, 'contagem-fila-' || i, 1, 1, 'contagem-fila-' || (i % 3),
                           'contagem', repeat('x', 300), now() + interval '1 day'
                      FROM generate_series(1, 44000) i""");
            jdbc.update(emVoo.formatted("antes-", "-10 minutes"));
            jdbc.execute("ANALYZE webhook_envio");
            jdbc.update("DELETE FROM webhook_envio WHERE id LIKE 'contagem-antes-%'");
            jdbc.update(emVoo.formatted("", "20 seconds"));
            return planoDaReivindicacao(jdbc, "contagem");
        });

        assertThat(plano).as(plano).containsPattern("(Index (Only )?Scan using|Bitmap Index Scan on) "
                                                    + "webhook_envio_tomados_idx[^\\n]*\\n\\s+Index Cond: \\(+webhook_id");
        assertThat(plano).as(plano).doesNotContain("Seq Scan on webhook_envio");
    }

    /** The claim's plan for node {@code no}, with the service's defaults (10 per endpoint, a lease of 25 s). */
    private static String planoDaReivindicacao(JdbcTemplate jdbc, String no) {
        return String.join("\n", jdbc.query(con -> {
            var sql = con.prepareStatement("EXPLAIN " + FilaDeWebhooks.REIVINDICAR);
            sql.setInt(1, 10);
            sql.setLong(2, 25_000);
            sql.setArray(3, con.createArrayOf("text", new Object[0]));
            sql.setInt(4, 500);
            sql.setString(5, no);
            sql.setLong(6, 25_000);
            return sql;
        }, (rs, i) -> rs.getString(1)));
    }
}
