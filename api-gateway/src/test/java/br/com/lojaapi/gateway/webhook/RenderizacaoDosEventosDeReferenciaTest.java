package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.command.entrega.EventoDeWebhook;
import br.com.lojaapi.command.entrega.EventoRenderizado;
import br.com.lojaapi.coreapi.produto.ProdutoAtualizadoEvent;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the webhooks' renderer makes of each event class of the catalogue, from its stored reference event and with
 * the web layer's representations: the event's store and kind, and a body of that kind; {@code produto.atualizado}
 * reads the product at the event's version, and a product already removed sends nothing. That each body's
 * {@code dados} conforms to its kind's published schema is {@link DescricaoDosWebhooksApiTest}.
 */
class RenderizacaoDosEventosDeReferenciaTest {

    private final ObjectMapper json = new ObjectMapper().findAndRegisterModules()
                                                        .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    @Test
    void cadaOrigemRenderizaUmCorpoDoSeuTipoParaALojaDoEvento() throws Exception {
        for (EventoDeWebhook tipo : EventoDeWebhook.values()) {
            for (Class<?> classe : tipo.eventos()) {
                String evento = tipo.nome() + " de " + classe.getSimpleName();
                List<String> lidos = new ArrayList<>();
                EventoRenderizado renderizado = EventosDeReferencia.renderizador(json, lidos)
                                                                   .de(EventosDeReferencia.mensagem(classe, 7))
                                                                   .orElseThrow();
                assertThat(renderizado.lojaId()).as("loja de %s", evento).isEqualTo("loja-1");
                assertThat(renderizado.tipo()).as(evento).isEqualTo(tipo.nome());
                Optional<String> corpo = renderizado.renderizar();
                if (lidos.isEmpty()) {
                    JsonNode lido = json.readTree(corpo.orElseThrow());
                    assertThat(lido.get("evento").asText()).as(evento).isEqualTo(tipo.nome());
                    assertThat(lido.get("dados").isObject()).as(evento).isTrue();
                } else {
                    // read from the read model at the event's version; a product already removed shows nothing
                    assertThat(lidos).as(evento).containsExactly("loja-1/"
                            + EventosDeReferencia.ler(ProdutoAtualizadoEvent.class).produtoId() + "@7");
                    assertThat(corpo).as(evento).isEmpty();
                }
            }
        }
    }

    /** Each kind gets components of its own in the description. */
    @Test
    void cadaTipoTemSeuEnvelopeNaDescricao() {
        assertThat(Arrays.stream(EventoDeWebhook.values()).map(DescricaoDosWebhooks::envelope)).doesNotHaveDuplicates();
    }
}
