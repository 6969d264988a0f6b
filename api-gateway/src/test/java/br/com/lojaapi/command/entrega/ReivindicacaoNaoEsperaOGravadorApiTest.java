package br.com.lojaapi.command.entrega;

import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A claim never waits for the rows a recording holds. The recording deletes the rows of attempts whose outcome it
 * records while a claim gives back those attempts' slots; when each had locked some of the rows first they
 * deadlocked, and every delivery of the node stopped for PostgreSQL's deadlock timeout and the second after a
 * failed claim (the fan-out bench's stalls of 1-2 s; decision 086). Here a recording's deletion of one row is held
 * open on another connection while a claim gives back that row's slot and another's.
 */
class ReivindicacaoNaoEsperaOGravadorApiTest extends TesteDeApi {

    @Autowired
    DataSource banco;

    @Test
    void aReivindicacaoPulaAsLinhasQueUmRegistroEstaApagando() throws Exception {
        JdbcTemplate jdbc = new JdbcTemplate(banco);
        jdbc.update("""
                INSERT INTO webhook_envio (id, entrega_id, serie, tentativa, webhook_id, loja_id, devido_em,
                                           tomado_por, tomado_ate)
                SELECT 'gravador-' || x, 'gravador-' || x, 1, 1, 'gravador', 'gravador', now(),
                       'no-gravador', now() + interval '25 seconds'
                  FROM unnest(ARRAY['apagada', 'livre']) x""");
        try (Connection registro = banco.getConnection()) {
            registro.setAutoCommit(false);
            try (Statement sql = registro.createStatement()) {
                sql.executeUpdate("DELETE FROM webhook_envio WHERE id = 'gravador-apagada'");
            }
            TransactionTemplate transacao = new TransactionTemplate(new DataSourceTransactionManager(banco));
            FilaDeWebhooks fila = new FilaDeWebhooks(jdbc, transacao);
            // In a transaction rolled back at the end: the claim runs on the whole test database's queue.
            CompletableFuture<String> reivindicacao = CompletableFuture.supplyAsync(() -> transacao.execute(status -> {
                status.setRollbackOnly();
                FilaDeWebhooks.Reivindicacao feita = fila.reivindicar("no-gravador",
                        List.of("gravador-apagada", "gravador-livre"), 10, 500, Duration.ofSeconds(25),
                        Duration.ofSeconds(200));
                Boolean devolvida = jdbc.queryForObject(
                        "SELECT tomado_ate > now() + interval '100 seconds' FROM webhook_envio WHERE id = ?",
                        Boolean.class, "gravador-livre");
                return feita.adiadas() + " " + devolvida;
            }));
            try {
                assertThat(reivindicacao.get(10, TimeUnit.SECONDS))
                        .as("a vaga da linha que o registro apaga fica para a próxima; a outra é devolvida")
                        .isEqualTo("[gravador-apagada] true");
            } finally {
                registro.rollback();
                reivindicacao.handle((r, e) -> null).get(30, TimeUnit.SECONDS);
            }
        } finally {
            jdbc.update("DELETE FROM webhook_envio WHERE id LIKE 'gravador-%'");
        }
    }
}
