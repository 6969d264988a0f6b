package br.com.lojaapi.command.webhook;

import br.com.lojaapi.coreapi.webhook.WebhookCriadoEvent;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Encrypts the secrets that a version before decision 069 kept in clear: in {@code webhook_destino.segredo} and in
 * the {@code segredo} field of the {@code WebhookCriadoEvent}. A webhook still active gets its data key and both
 * copies are sealed under it; a removed webhook's secret is simply erased from both (nothing needs it). Rewriting
 * the event's payload is the one exception to the event store being append-only (decision 069): the event keeps its
 * place, identifier and every other field, in the shape a new event has.
 * <p>
 * Also deletes the data key of a webhook removed by a node of the previous version (which does not know of data
 * keys). Each webhook is done in a transaction of its own, holding its {@code webhook_destino} row, so nodes sweeping
 * at once never do one twice. Run at start-up and every minute while nodes of both versions may run.
 */
@Component
public class SegredosEmClaro {

    private static final Logger log = LoggerFactory.getLogger(SegredosEmClaro.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TIPO = WebhookCriadoEvent.class.getName();

    private final JdbcTemplate jdbc;
    private final ChavesDeWebhook chaves;
    private final TransactionTemplate transacao;

    SegredosEmClaro(JdbcTemplate jdbc, ChavesDeWebhook chaves, PlatformTransactionManager transacoes) {
        this.jdbc = jdbc;
        this.chaves = chaves;
        this.transacao = new TransactionTemplate(transacoes);
    }

    /** How many webhooks had their secret in clear encrypted (ativos) or erased (removidos). */
    public record Cifrados(int ativos, int removidos, int chavesApagadas) {
    }

    /** What is still in clear: webhooks whose secret the sweep has not reached yet. */
    public long pendentes() {
        Long n = jdbc.queryForObject("SELECT count(*) FROM webhook_destino WHERE segredo IS NOT NULL", Long.class);
        return n == null ? 0 : n;
    }

    /** Whether the webhook is active with its secret still in clear, so it has no data key yet. */
    public boolean pendente(String webhookId) {
        return Boolean.TRUE.equals(jdbc.queryForObject("""
                SELECT EXISTS (SELECT 1 FROM webhook_destino
                                WHERE webhook_id = ? AND segredo IS NOT NULL AND removido_em IS NULL)""",
                Boolean.class, webhookId));
    }

    public Cifrados cifrar() {
        int ativos = 0;
        int removidos = 0;
        while (true) {
            Boolean[] feito = transacao.execute(status -> umWebhook());
            if (feito == null) {
                break;
            }
            if (feito[0]) {
                ativos++;
            } else {
                removidos++;
            }
        }
        // A node of this version clears segredo_cifrado in the removal's transaction: a removed row that keeps it was
        // removed by a node of the previous version, which left the data key behind.
        int apagadas = jdbc.update("""
                WITH removidos AS (
                    UPDATE webhook_destino SET segredo_cifrado = NULL
                     WHERE removido_em IS NOT NULL AND segredo_cifrado IS NOT NULL
                    RETURNING webhook_id)
                DELETE FROM chave_de_webhook WHERE webhook_id IN (SELECT webhook_id FROM removidos)""");
        if (ativos + removidos + apagadas > 0) {
            log.info("Secrets de webhook em claro, da versão anterior: {} cifrados, {} apagados (webhooks removidos); "
                     + "{} chaves de webhooks removidos apagadas", ativos, removidos, apagadas);
        }
        return new Cifrados(ativos, removidos, apagadas);
    }

    /** One webhook with its secret in clear, done; null when none is left (or all are being done by others). */
    private Boolean[] umWebhook() {
        List<Object[]> linhas = jdbc.query("""
                SELECT webhook_id, loja_id, segredo, removido_em IS NOT NULL FROM webhook_destino
                 WHERE segredo IS NOT NULL LIMIT 1 FOR UPDATE SKIP LOCKED""",
                (rs, i) -> new Object[] {rs.getString(1), rs.getString(2), rs.getString(3), rs.getBoolean(4)});
        if (linhas.isEmpty()) {
            return null;
        }
        String webhookId = (String) linhas.get(0)[0];
        String lojaId = (String) linhas.get(0)[1];
        String segredo = (String) linhas.get(0)[2];
        boolean removido = (Boolean) linhas.get(0)[3];
        String selado = null;
        if (!removido) {
            chaves.destruir(webhookId);
            selado = chaves.selar(webhookId, lojaId, segredo);
        }
        jdbc.update("UPDATE webhook_destino SET segredo = NULL, segredo_cifrado = ? WHERE webhook_id = ?", selado,
                webhookId);
        reescreverEvento(webhookId, selado);
        return new Boolean[] {!removido};
    }

    /** The creation event (sequence 0 of the webhook) in its new shape: no clear secret, the sealed one if any. */
    private void reescreverEvento(String webhookId, String selado) {
        List<byte[]> payloads = jdbc.query("""
                SELECT payload FROM domain_event_entry
                 WHERE aggregate_identifier = ? AND sequence_number = 0 AND payload_type = ?""",
                (rs, i) -> rs.getBytes(1), webhookId, TIPO);
        if (payloads.isEmpty()) {
            log.warn("Webhook {} sem evento de criação no event store; só webhook_destino foi cifrado", webhookId);
            return;
        }
        jdbc.update("UPDATE domain_event_entry SET payload = ? WHERE aggregate_identifier = ? AND sequence_number = 0 "
                    + "AND payload_type = ?", novoPayload(payloads.get(0), selado), webhookId, TIPO);
    }

    /** The payload without {@code segredo}, with {@code segredoCifrado} last, as a new event is written. */
    public static byte[] novoPayload(byte[] payload, String selado) {
        try {
            ObjectNode evento = (ObjectNode) JSON.readTree(payload);
            evento.remove("segredo");
            evento.remove("segredoCifrado");
            if (selado == null) {
                evento.putNull("segredoCifrado");
            } else {
                evento.put("segredoCifrado", selado);
            }
            return JSON.writeValueAsBytes(evento);
        } catch (IOException e) {
            throw new UncheckedIOException("payload de WebhookCriadoEvent ilegível", e);
        }
    }
}
