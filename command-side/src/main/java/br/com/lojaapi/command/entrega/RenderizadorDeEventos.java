package br.com.lojaapi.command.entrega;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventMessage;
import org.springframework.stereotype.Component;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The body a webhook carries for an event: {@code {"evento", "criadoEm", "dados"}}, for the kinds and with the
 * {@code dados} that the catalogue ({@link EventoDeWebhook}) gives, resources shown as the web layer shows them
 * ({@link RecursosComoGet}). The webhook dispatcher and the event feed (GET /v1/eventos, written by query-side's
 * feed projection, to which api-gateway hands this renderer) both render through here, so the feed holds exactly
 * the bytes a delivery of the same event sends.
 */
@Component
public class RenderizadorDeEventos {

    private final ObjectMapper json;
    private final RecursosComoGet recursos;

    public RenderizadorDeEventos(ObjectMapper json, RecursosComoGet recursos) {
        this.json = json;
        this.recursos = recursos;
    }

    /** The event as a webhook sees it; empty for every event that no webhook kind carries. */
    public Optional<EventoRenderizado> de(EventMessage<?> mensagem) {
        Class<?> classe = mensagem.getPayloadType();
        return EventoDeWebhook.doEvento(classe).flatMap(tipo -> renderizar(tipo, tipo.origem(classe), mensagem));
    }

    /** The body of a test delivery to that webhook ({@code webhook.teste}), sent at {@code enviadoEm}. */
    public String teste(String webhookId, Instant enviadoEm) {
        return envelope(EventoDeWebhook.WEBHOOK_TESTE, enviadoEm, new DadosDeEvento.WebhookTeste(webhookId, enviadoEm));
    }

    /** Only events of an aggregate have a version, so a versioned origin renders nothing else. */
    private <E> Optional<EventoRenderizado> renderizar(EventoDeWebhook tipo, Origem<E> origem,
                                                       EventMessage<?> mensagem) {
        Long versao = mensagem instanceof DomainEventMessage<?> doAgregado ? doAgregado.getSequenceNumber() : null;
        if (origem.versionada() && versao == null) {
            return Optional.empty();
        }
        E evento = origem.classe().cast(mensagem.getPayload());
        Instant criadoEm = mensagem.getTimestamp();
        long naVersao = versao == null ? -1 : versao;
        return Optional.of(new EventoRenderizado(mensagem.getIdentifier(), origem.loja().apply(evento), tipo.nome(),
                criadoEm, () -> Optional.ofNullable(origem.dados().de(evento, naVersao, recursos))
                                        .map(dados -> envelope(tipo, criadoEm, dados))));
    }

    private String envelope(EventoDeWebhook tipo, Instant criadoEm, Object dados) {
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("evento", tipo.nome());
        envelope.put("criadoEm", criadoEm);
        envelope.put("dados", dados);
        try {
            return json.writeValueAsString(envelope);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("payload de " + tipo.nome() + " não serializável", e);
        }
    }
}
