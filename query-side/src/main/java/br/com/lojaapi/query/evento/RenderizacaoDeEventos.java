package br.com.lojaapi.query.evento;

import org.axonframework.eventhandling.EventMessage;

import java.util.Optional;

/**
 * Which events a client sees and the body it sees for each: {@code {"evento", "criadoEm", "dados"}}, where
 * {@code dados} is the API's public representation (the resources as their GET returns them, whose schemas the
 * OpenAPI description publishes from the web types). So the webhooks' own renderer makes it (command-side's
 * {@code command.entrega}, with the web layer's representations), which the application hands to the feed here: a
 * feed entry holds exactly the bytes a webhook delivery of the same event sends.
 */
public interface RenderizacaoDeEventos {

    /** The event as a webhook sees it; empty for every event that no webhook kind carries. */
    Optional<EventoRenderizado> de(EventMessage<?> mensagem);
}
