package br.com.lojaapi.command.entrega;

import br.com.lojaapi.command.comum.GruposDeLookup;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.entrega.EntregaConcluidaEvent;
import br.com.lojaapi.coreapi.entrega.EntregaFalhouEvent;
import br.com.lojaapi.coreapi.entrega.RecuperacaoDoWebhookIniciadaEvent;
import br.com.lojaapi.coreapi.entrega.TentativaRegistradaEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Which webhooks have a recovery running, kept in the transaction of the events that start and end it
 * ({@code webhook_recuperacao} and its deliveries in {@code webhook_recuperacao_entrega}). The webhook is the
 * primary key, so of two recoveries started at once on any nodes one commits and the other is refused. A delivery
 * leaves the recovery when any of its series ends, and the recovery ends with its last delivery; one still running at
 * its {@code valida_ate} (a delivery that never finished, whatever the reason) no longer blocks the next.
 */
@Component
@ProcessingGroup(GruposDeLookup.RECUPERACAO_DE_WEBHOOK)
class RecuperacoesDeWebhookEmAndamento {

    private final JdbcTemplate jdbc;

    RecuperacoesDeWebhookEmAndamento(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** How many deliveries the webhook's running recovery still waits for; empty when none runs at {@code agora}. */
    Optional<Integer> pendentes(String webhookId, Instant agora) {
        return jdbc.queryForList("SELECT pendentes FROM webhook_recuperacao WHERE webhook_id = ? AND valida_ate > ?",
                Integer.class, webhookId, Timestamp.from(agora)).stream().findFirst();
    }

    static ErroDeNegocio emAndamento(Integer pendentes) {
        return ErroDeNegocio.conflito("Uma recuperação deste webhook já está em andamento"
                + (pendentes == null ? "" : ": " + pendentes + " entrega(s) ainda não terminaram a nova série")
                + "; peça outra quando ela terminar");
    }

    @EventHandler
    void on(RecuperacaoDoWebhookIniciadaEvent evento) {
        jdbc.update("DELETE FROM webhook_recuperacao WHERE webhook_id = ? AND valida_ate <= ?", evento.webhookId(),
                Timestamp.from(evento.solicitadaEm()));
        try {
            jdbc.update("INSERT INTO webhook_recuperacao (webhook_id, recuperacao_id, pendentes, valida_ate) "
                    + "VALUES (?, ?, 0, ?)", evento.webhookId(), evento.recuperacaoId(),
                    Timestamp.from(evento.validaAte()));
        } catch (DuplicateKeyException e) {
            throw emAndamento(null);
        }
        jdbc.batchUpdate("INSERT INTO webhook_recuperacao_entrega (entrega_id, recuperacao_id) VALUES (?, ?) "
                + "ON CONFLICT (entrega_id) DO NOTHING", evento.entregaIds(), 1000, (sql, entregaId) -> {
                    sql.setString(1, entregaId);
                    sql.setString(2, evento.recuperacaoId());
                });
        // Counted rather than summed from the batch, whose per-row counts the driver may not report.
        jdbc.update("UPDATE webhook_recuperacao SET pendentes = (SELECT count(*) FROM webhook_recuperacao_entrega "
                + "WHERE recuperacao_id = ?) WHERE recuperacao_id = ?", evento.recuperacaoId(), evento.recuperacaoId());
        jdbc.update("DELETE FROM webhook_recuperacao WHERE recuperacao_id = ? AND pendentes = 0",
                evento.recuperacaoId());
    }

    /** A successful attempt ends its series (decision 075). */
    @EventHandler
    void on(TentativaRegistradaEvent evento) {
        if (evento.sucesso()) {
            liberarAoConfirmar(evento.entregaId());
        }
    }

    /** Only stored before decision 075, after the successful attempt that already freed the delivery: a no-op. */
    @EventHandler
    void on(EntregaConcluidaEvent evento) {
        liberarAoConfirmar(evento.entregaId());
    }

    @EventHandler
    void on(EntregaFalhouEvent evento) {
        liberarAoConfirmar(evento.entregaId());
    }

    /**
     * Inside a transaction, the deliveries that ended in it leave their recoveries just before it commits, in one
     * statement (a batch of recorded attempts ends hundreds, nearly never in a recovery; decision 075); outside
     * one, at once.
     */
    private void liberarAoConfirmar(String entregaId) {
        if (!TransactionSynchronizationManager.isSynchronizationActive()) {
            liberar(List.of(entregaId));
            return;
        }
        @SuppressWarnings("unchecked")
        Set<String> ids = (Set<String>) TransactionSynchronizationManager.getResource(this);
        if (ids == null) {
            Set<String> novos = new LinkedHashSet<>();
            ids = novos;
            TransactionSynchronizationManager.bindResource(this, novos);
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void beforeCommit(boolean readOnly) {
                    TransactionSynchronizationManager.unbindResource(RecuperacoesDeWebhookEmAndamento.this);
                    liberar(novos);
                }

                @Override
                public void afterCompletion(int status) {
                    TransactionSynchronizationManager.unbindResourceIfPossible(RecuperacoesDeWebhookEmAndamento.this);
                }
            });
        }
        ids.add(entregaId);
    }

    /**
     * The deliveries have finished a series: each recovery waits for as many fewer, and ends with the last. The
     * counter's row lock orders concurrent ends, so exactly one of them sees zero.
     */
    private void liberar(Collection<String> entregaIds) {
        Map<String, Integer> porRecuperacao = new TreeMap<>();
        jdbc.query(con -> {
            var sql = con.prepareStatement("DELETE FROM webhook_recuperacao_entrega WHERE entrega_id = ANY (?) "
                    + "RETURNING recuperacao_id");
            sql.setArray(1, con.createArrayOf("text", entregaIds.toArray()));
            return sql;
        }, (RowCallbackHandler) rs -> porRecuperacao.merge(rs.getString(1), 1, Integer::sum));
        porRecuperacao.forEach((recuperacao, n) -> {
            List<Integer> restantes = jdbc.queryForList("UPDATE webhook_recuperacao SET pendentes = pendentes - ? "
                    + "WHERE recuperacao_id = ? RETURNING pendentes", Integer.class, n, recuperacao);
            if (!restantes.isEmpty() && restantes.get(0) <= 0) {
                jdbc.update("DELETE FROM webhook_recuperacao WHERE recuperacao_id = ?", recuperacao);
            }
        });
    }

    /** The delivery has finished a series (or never will): it leaves its recovery now. */
    void liberar(String entregaId) {
        liberar(List.of(entregaId));
    }
}
