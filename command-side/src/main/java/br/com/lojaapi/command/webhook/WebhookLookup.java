package br.com.lojaapi.command.webhook;

import br.com.lojaapi.command.comum.GruposDeLookup;
import br.com.lojaapi.command.segredo.ChavesMestras;
import br.com.lojaapi.command.segredo.Cifra;
import br.com.lojaapi.coreapi.webhook.WebhookCriadoEvent;
import br.com.lojaapi.coreapi.webhook.WebhookRemovidoEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Component;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Keeps {@code webhook_destino} in the command's transaction: a webhook is a delivery target from the moment its
 * creation commits, on every node, and stops being one the moment its removal commits. Deliveries read it, never a
 * read model that may lag.
 * <p>
 * The secret is kept sealed under the webhook's data key ({@link ChavesDeWebhook}) and opened for each attempt,
 * with the data key read in the same statement: nothing decrypted is kept in memory between attempts, so a removal
 * (which deletes the data key) holds on every node at once.
 */
@Component
@ProcessingGroup(GruposDeLookup.WEBHOOK)
public class WebhookLookup {

    private static final Logger log = LoggerFactory.getLogger(WebhookLookup.class);

    /** Shown in the delivery log when a secret cannot be opened; the log line says why. */
    static final String SEGREDO_ILEGIVEL = "o secret do webhook não pôde ser lido; a entrega não foi enviada";
    static final String SEGREDO_PERDIDO = "o secret do webhook foi perdido (a chave que o protegia foi descartada); "
            + "remova o webhook e cadastre outro";

    /**
     * Where and how to deliver. {@code segredo} is the secret in clear, for this attempt only; null for a removed
     * webhook, or when it cannot be opened, {@code semSegredo} then saying why (for the delivery log).
     */
    public record Destino(String webhookId, String lojaId, String url, String segredo, boolean removido,
                          String semSegredo) {

        @Override
        public String toString() {
            return "Destino[webhookId=" + webhookId + ", lojaId=" + lojaId + ", url=" + url + ", removido=" + removido
                   + "]";
        }
    }

    private final JdbcTemplate jdbc;
    private final ChavesDeWebhook chaves;

    WebhookLookup(JdbcTemplate jdbc, ChavesDeWebhook chaves) {
        this.jdbc = jdbc;
        this.chaves = chaves;
    }

    /**
     * The webhooks (not removed) of the given stores, each with its kinds and creation time, in webhook order, in one
     * statement: a batch of events asks once, and {@link Inscricao#recebe} says which of them an event goes to.
     */
    public Map<String, List<Inscricao>> inscricoes(Collection<String> lojaIds) {
        Map<String, List<Inscricao>> porLoja = new HashMap<>();
        if (lojaIds.isEmpty()) {
            return porLoja;
        }
        jdbc.query(con -> {
            var sql = con.prepareStatement("SELECT webhook_id, loja_id, eventos, criado_em FROM webhook_destino "
                                           + "WHERE loja_id = ANY (?) AND removido_em IS NULL ORDER BY webhook_id");
            sql.setArray(1, con.createArrayOf("text", lojaIds.toArray()));
            return sql;
        }, (RowCallbackHandler) rs -> porLoja.computeIfAbsent(rs.getString(2), k -> new ArrayList<>())
                .add(new Inscricao(rs.getString(1), List.of((String[]) rs.getArray(3).getArray()),
                        rs.getTimestamp(4).toInstant())));
        return porLoja;
    }

    /** A webhook's subscription: its kinds of event, and when it was created. */
    public record Inscricao(String webhookId, List<String> eventos, Instant criadoEm) {

        /**
         * Whether it takes an event of kind {@code evento} that happened at {@code ocorridoEm}: one of its kinds, and
         * created by then (at the microseconds the database keeps, so a webhook created in the event's own
         * microsecond takes it).
         */
        public boolean recebe(String evento, Instant ocorridoEm) {
            return eventos.contains(evento)
                   && !criadoEm.isAfter(ocorridoEm.plusNanos(500).truncatedTo(ChronoUnit.MICROS));
        }
    }

    /** How many webhooks the store has (not removed). */
    public int ativos(String lojaId) {
        Integer n = jdbc.queryForObject("SELECT count(*) FROM webhook_destino WHERE loja_id = ? AND removido_em IS NULL",
                Integer.class, lojaId);
        return n == null ? 0 : n;
    }

    public Optional<Destino> destino(String webhookId) {
        return jdbc.query(DESTINOS + "WHERE d.webhook_id = ?", (RowMapper<Destino>) this::lido, webhookId).stream().findFirst();
    }

    /** The targets of several webhooks in one statement (a batch of attempts); a webhook not found is absent. */
    public Map<String, Destino> destinos(Collection<String> webhookIds) {
        if (webhookIds.isEmpty()) {
            return Map.of();
        }
        Map<String, Destino> destinos = new HashMap<>();
        jdbc.query(con -> {
            var sql = con.prepareStatement(DESTINOS + "WHERE d.webhook_id = ANY (?)");
            sql.setArray(1, con.createArrayOf("text", webhookIds.toArray()));
            return sql;
        }, (RowCallbackHandler) rs -> {
            Destino destino = lido(rs, 0);
            destinos.put(destino.webhookId(), destino);
        });
        return destinos;
    }

    private static final String DESTINOS = """
            SELECT d.webhook_id, d.loja_id, d.url, d.removido_em, d.segredo, d.segredo_cifrado,
                   k.chave_mestra, k.chave_cifrada
              FROM webhook_destino d LEFT JOIN chave_de_webhook k ON k.webhook_id = d.webhook_id
            """;

    private Destino lido(ResultSet rs, int linha) throws SQLException {
        boolean removido = rs.getTimestamp(4) != null;
        ChavesDeWebhook.Guardada chave = rs.getString(7) == null ? null
                : new ChavesDeWebhook.Guardada(rs.getString(7), rs.getBytes(8));
        return destino(rs.getString(1), rs.getString(2), rs.getString(3), removido, rs.getString(5),
                rs.getString(6), chave);
    }

    private Destino destino(String webhookId, String lojaId, String url, boolean removido, String emClaro,
                            String selado, ChavesDeWebhook.Guardada chave) {
        if (removido) {
            return new Destino(webhookId, lojaId, url, null, true, null);
        }
        if (emClaro != null) {
            // Written by the previous version and not yet encrypted by SegredosEmClaro.
            return new Destino(webhookId, lojaId, url, emClaro, false, null);
        }
        try {
            Optional<String> segredo = chaves.abrir(webhookId, chave, selado);
            if (segredo.isEmpty()) {
                log.error("Webhook {} sem chave de dados: o secret não pode ser aberto (chave mestra declarada "
                          + "perdida?)", webhookId);
            }
            return new Destino(webhookId, lojaId, url, segredo.orElse(null), false,
                    segredo.isPresent() ? null : SEGREDO_PERDIDO);
        } catch (ChavesMestras.ChaveMestraAusenteException e) {
            log.error("Webhook {}: a chave de dados foi cifrada com a chave mestra {}, que este nó não tem; "
                      + "configure SECRETS_KEY ou SECRETS_READ_KEYS como nos outros nós", webhookId, e.chaveMestra());
            return new Destino(webhookId, lojaId, url, null, false, SEGREDO_ILEGIVEL);
        } catch (Cifra.CifraInvalidaException e) {
            log.error("Webhook {}: o secret cifrado não abre com a sua chave de dados ({})", webhookId,
                    e.getMessage());
            return new Destino(webhookId, lojaId, url, null, false, SEGREDO_ILEGIVEL);
        }
    }

    @EventHandler
    void on(WebhookCriadoEvent evento) {
        jdbc.update(con -> {
            var comando = con.prepareStatement("INSERT INTO webhook_destino (webhook_id, loja_id, url, "
                    + "segredo_cifrado, eventos, criado_em) VALUES (?, ?, ?, ?, ?, ?) "
                    + "ON CONFLICT (webhook_id) DO NOTHING");
            Array eventos = con.createArrayOf("text", evento.eventos().toArray());
            comando.setString(1, evento.webhookId());
            comando.setString(2, evento.lojaId());
            comando.setString(3, evento.url());
            comando.setString(4, evento.segredoCifrado());
            comando.setArray(5, eventos);
            comando.setTimestamp(6, Timestamp.from(evento.criadoEm()));
            return comando;
        });
    }

    /**
     * The sealed secret goes too: its data key is deleted in this same transaction, so it could never open. A
     * secret in clear (written by the previous version) is left to {@link SegredosEmClaro}, which also erases it
     * from the creation event.
     */
    @EventHandler
    void on(WebhookRemovidoEvent evento) {
        jdbc.update("UPDATE webhook_destino SET removido_em = ?, segredo_cifrado = NULL WHERE webhook_id = ?",
                Timestamp.from(evento.removidoEm()), evento.webhookId());
    }
}
