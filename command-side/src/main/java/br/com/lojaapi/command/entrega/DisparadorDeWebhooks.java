package br.com.lojaapi.command.entrega;

import br.com.lojaapi.command.webhook.WebhookLookup;
import br.com.lojaapi.coreapi.entrega.IniciarEntregaCommand;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DisallowReplay;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.EventMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Starts a delivery for each webhook of the store subscribed to an event's kind. Never on a replay: a rebuilt or
 * reset processor sends nothing again, and a new processor starts with a replay token over the past. The delivery
 * id is derived from the event and the webhook, so an event handled twice (a claim stolen by another node) still
 * starts one delivery. The body is rendered once per event (by {@link RenderizadorDeEventos}, as the event feed
 * renders it), and every attempt sends exactly it.
 */
@Component
@ProcessingGroup(DisparadorDeWebhooks.GRUPO)
@DisallowReplay
public class DisparadorDeWebhooks {

    /** Its processor, which starts at the head: a first start never sends the past. Keys its token: never changes. */
    public static final String GRUPO = "webhook-disparo";
    private static final Logger log = LoggerFactory.getLogger(DisparadorDeWebhooks.class);

    private final WebhookLookup destinos;
    private final CommandGateway comandos;
    private final JdbcTemplate jdbc;
    private final RenderizadorDeEventos renderizador;
    private final ConfiguracaoDosWebhooks configuracao;
    private final Clock relogio;

    DisparadorDeWebhooks(WebhookLookup destinos, CommandGateway comandos, JdbcTemplate jdbc,
                         RenderizadorDeEventos renderizador, ConfiguracaoDosWebhooks configuracao, Clock relogio) {
        this.destinos = destinos;
        this.comandos = comandos;
        this.jdbc = jdbc;
        this.renderizador = renderizador;
        this.configuracao = configuracao;
        this.relogio = relogio;
    }

    /** Every event passes here; those of no webhook kind render to nothing. */
    @EventHandler
    void on(Object evento, EventMessage<?> mensagem) {
        renderizador.de(mensagem).ifPresent(this::disparar);
    }

    private void disparar(EventoRenderizado evento) {
        List<String> webhooks = destinos.inscritos(evento.lojaId(), evento.tipo(), evento.criadoEm());
        if (webhooks.isEmpty()) {
            return;
        }
        Optional<String> corpo = evento.renderizar();
        if (corpo.isEmpty()) {
            log.info("{} de {} não entregue: o recurso já não existe", evento.tipo(), evento.id());
            return;
        }
        Map<String, String> entregas = new LinkedHashMap<>();
        for (String webhookId : webhooks) {
            entregas.put(UUID.nameUUIDFromBytes((evento.id() + "/" + webhookId).getBytes(StandardCharsets.UTF_8))
                             .toString(), webhookId);
        }
        // Checked rather than caught: a failed insert would abort this processor's whole transaction.
        entregas.keySet().removeAll(jaIniciadas(entregas.keySet()));
        entregas.forEach((entregaId, webhookId) -> comandos.sendAndWait(new IniciarEntregaCommand(entregaId,
                evento.lojaId(), webhookId, evento.tipo(), corpo.get(), configuracao.atrasosMs(), relogio.instant())));
    }

    /**
     * Those of the deliveries that already exist (the event was handled before, by a batch whose claim another node
     * stole), in one statement per event: the event store's lookup per delivery also walks every event staged in
     * this batch, which under a fan-out is thousands.
     */
    private List<String> jaIniciadas(Collection<String> entregaIds) {
        return jdbc.query(con -> {
            var sql = con.prepareStatement("SELECT aggregate_identifier FROM domain_event_entry "
                                           + "WHERE aggregate_identifier = ANY (?) AND sequence_number = 0");
            sql.setArray(1, con.createArrayOf("text", entregaIds.toArray()));
            return sql;
        }, (rs, i) -> rs.getString(1));
    }
}
