package br.com.lojaapi.command.webhook;

import br.com.lojaapi.command.comum.GruposDeLookup;
import br.com.lojaapi.coreapi.webhook.WebhookCriadoEvent;
import br.com.lojaapi.coreapi.webhook.WebhookRemovidoEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.Array;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Keeps {@code webhook_destino} in the command's transaction: a webhook is a delivery target from the moment its
 * creation commits, on every node, and stops being one the moment its removal commits. Deliveries read it, never a
 * read model that may lag.
 */
@Component
@ProcessingGroup(GruposDeLookup.WEBHOOK)
public class WebhookLookup {

    /** Where and how to deliver. */
    public record Destino(String webhookId, String lojaId, String url, String segredo, boolean removido) {
    }

    private final JdbcTemplate jdbc;

    WebhookLookup(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Webhooks of the store subscribed to {@code evento} that existed when it happened. */
    public List<String> inscritos(String lojaId, String evento, Instant ocorridoEm) {
        return jdbc.queryForList("SELECT webhook_id FROM webhook_destino WHERE loja_id = ? AND removido_em IS NULL "
                        + "AND ? = ANY (eventos) AND criado_em <= ? ORDER BY webhook_id", String.class,
                lojaId, evento, Timestamp.from(ocorridoEm));
    }

    /** How many webhooks the store has (not removed). */
    public int ativos(String lojaId) {
        Integer n = jdbc.queryForObject("SELECT count(*) FROM webhook_destino WHERE loja_id = ? AND removido_em IS NULL",
                Integer.class, lojaId);
        return n == null ? 0 : n;
    }

    public Optional<Destino> destino(String webhookId) {
        return jdbc.query("SELECT webhook_id, loja_id, url, segredo, removido_em FROM webhook_destino "
                        + "WHERE webhook_id = ?",
                (rs, i) -> new Destino(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                        rs.getTimestamp(5) != null), webhookId).stream().findFirst();
    }

    @EventHandler
    void on(WebhookCriadoEvent evento) {
        jdbc.update(con -> {
            var comando = con.prepareStatement("INSERT INTO webhook_destino (webhook_id, loja_id, url, segredo, "
                    + "eventos, criado_em) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (webhook_id) DO NOTHING");
            Array eventos = con.createArrayOf("text", evento.eventos().toArray());
            comando.setString(1, evento.webhookId());
            comando.setString(2, evento.lojaId());
            comando.setString(3, evento.url());
            comando.setString(4, evento.segredo());
            comando.setArray(5, eventos);
            comando.setTimestamp(6, Timestamp.from(evento.criadoEm()));
            return comando;
        });
    }

    @EventHandler
    void on(WebhookRemovidoEvent evento) {
        jdbc.update("UPDATE webhook_destino SET removido_em = ? WHERE webhook_id = ?",
                Timestamp.from(evento.removidoEm()), evento.webhookId());
    }
}
