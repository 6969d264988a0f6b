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
import org.springframework.stereotype.Component;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

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
            liberar(evento.entregaId());
        }
    }

    /** Only stored before decision 075, after the successful attempt that already freed the delivery: a no-op. */
    @EventHandler
    void on(EntregaConcluidaEvent evento) {
        liberar(evento.entregaId());
    }

    @EventHandler
    void on(EntregaFalhouEvent evento) {
        liberar(evento.entregaId());
    }

    /**
     * The delivery has finished a series: its recovery waits for one fewer, and ends with the last. The counter's
     * row lock orders concurrent ends, so exactly one of them sees zero.
     */
    void liberar(String entregaId) {
        List<String> recuperacao = jdbc.queryForList("DELETE FROM webhook_recuperacao_entrega WHERE entrega_id = ? "
                + "RETURNING recuperacao_id", String.class, entregaId);
        if (recuperacao.isEmpty()) {
            return;
        }
        List<Integer> restantes = jdbc.queryForList("UPDATE webhook_recuperacao SET pendentes = pendentes - 1 "
                + "WHERE recuperacao_id = ? RETURNING pendentes", Integer.class, recuperacao.get(0));
        if (!restantes.isEmpty() && restantes.get(0) <= 0) {
            jdbc.update("DELETE FROM webhook_recuperacao WHERE recuperacao_id = ?", recuperacao.get(0));
        }
    }
}
