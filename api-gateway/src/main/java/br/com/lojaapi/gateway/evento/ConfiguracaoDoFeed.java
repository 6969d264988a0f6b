package br.com.lojaapi.gateway.evento;

import br.com.lojaapi.command.entrega.RenderizadorDeEventos;
import br.com.lojaapi.query.evento.EventoRenderizado;
import br.com.lojaapi.query.evento.RenderizacaoDeEventos;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The event feed (query-side's {@code query.evento}) stores each event with the body its webhook carries, rendered
 * by the webhooks' own renderer. The two sides never know each other, so the application hands one to the other.
 */
@Configuration(proxyBeanMethods = false)
class ConfiguracaoDoFeed {

    @Bean
    RenderizacaoDeEventos renderizacaoDeEventos(RenderizadorDeEventos renderizador) {
        return mensagem -> renderizador.de(mensagem).map(evento -> new EventoRenderizado(evento.id(), evento.lojaId(),
                evento.tipo(), evento.criadoEm(), evento::renderizar));
    }
}
