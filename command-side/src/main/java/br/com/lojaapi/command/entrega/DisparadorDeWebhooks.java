package br.com.lojaapi.command.entrega;

import br.com.lojaapi.command.webhook.WebhookLookup;
import br.com.lojaapi.coreapi.entrega.IniciarEntregaCommand;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DisallowReplay;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.messaging.unitofwork.BatchingUnitOfWork;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

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
    private static final String LOTE = DisparadorDeWebhooks.class.getName() + ".lote";

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
        renderizador.de(mensagem).ifPresent(renderizado -> disparar(renderizado, lote(mensagem)));
    }

    private void disparar(EventoRenderizado evento, Lote lote) {
        Map<String, String> entregas = new LinkedHashMap<>(lote.entregas().getOrDefault(evento.id(), Map.of()));
        if (entregas.isEmpty()) {
            return;
        }
        Optional<String> corpo = evento.renderizar();
        if (corpo.isEmpty()) {
            log.info("{} de {} não entregue: o recurso já não existe", evento.tipo(), evento.id());
            return;
        }
        // Checked rather than caught: a failed insert would abort this processor's whole transaction.
        entregas.keySet().removeAll(lote.jaIniciadas());
        entregas.forEach((entregaId, webhookId) -> comandos.sendAndWait(new IniciarEntregaCommand(entregaId,
                evento.lojaId(), webhookId, evento.tipo(), corpo.get(), configuracao.atrasosMs(), relogio.instant())));
    }

    private static String entregaId(EventoRenderizado evento, String webhookId) {
        return UUID.nameUUIDFromBytes((evento.id() + "/" + webhookId).getBytes(StandardCharsets.UTF_8)).toString();
    }

    /**
     * What the processor's batch needs to know, read on its first event of a webhook kind: the webhooks of the
     * batch's stores, and which of the batch's deliveries already exist (the batch was handled before, by a claim
     * another node stole). Two statements per batch instead of two per event: under a fan-out a batch holds
     * hundreds of events. Deliveries this batch starts are new by construction, so the read stays right for the
     * whole batch.
     */
    private Lote lote(EventMessage<?> mensagem) {
        if (CurrentUnitOfWork.isStarted() && CurrentUnitOfWork.get().root() instanceof BatchingUnitOfWork<?> raiz) {
            // not getOrComputeResource: the statements may register resources of their own on the unit of work
            Lote lote = raiz.getResource(LOTE);
            if (lote == null) {
                lote = ler(raiz.getMessages().stream().filter(EventMessage.class::isInstance)
                               .<EventMessage<?>>map(m -> (EventMessage<?>) m).toList());
                raiz.resources().put(LOTE, lote);
            }
            if (lote.eventos().contains(mensagem.getIdentifier())) {
                return lote;
            }
        }
        return ler(List.of(mensagem));
    }

    private Lote ler(List<EventMessage<?>> mensagens) {
        List<EventoRenderizado> eventos = mensagens.stream().map(renderizador::de).flatMap(Optional::stream).toList();
        Map<String, List<WebhookLookup.Inscricao>> inscricoes = destinos.inscricoes(
                eventos.stream().map(EventoRenderizado::lojaId).collect(Collectors.toSet()));
        Map<String, Map<String, String>> entregas = new HashMap<>();
        for (EventoRenderizado evento : eventos) {
            for (WebhookLookup.Inscricao inscricao : inscricoes.getOrDefault(evento.lojaId(), List.of())) {
                if (inscricao.recebe(evento.tipo(), evento.criadoEm())) {
                    entregas.computeIfAbsent(evento.id(), k -> new LinkedHashMap<>())
                            .put(entregaId(evento, inscricao.webhookId()), inscricao.webhookId());
                }
            }
        }
        List<String> todas = entregas.values().stream().flatMap(e -> e.keySet().stream()).toList();
        return new Lote(mensagens.stream().map(EventMessage::getIdentifier).collect(Collectors.toSet()), entregas,
                todas.isEmpty() ? Set.of() : new HashSet<>(jaIniciadas(todas)));
    }

    /**
     * For the events of a batch ({@code eventos}, by id): each one's deliveries (delivery id to webhook id, in webhook
     * order), and those of them that already exist.
     */
    private record Lote(Set<String> eventos, Map<String, Map<String, String>> entregas, Set<String> jaIniciadas) {
    }

    /**
     * Those of the deliveries that already exist, in one statement: the event store's lookup per delivery also walks
     * every event staged in this batch, which under a fan-out is thousands.
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
