package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.command.entrega.EventoDeWebhook;
import br.com.lojaapi.command.entrega.RenderizadorDeEventos;
import br.com.lojaapi.gateway.axon.ConfiguracaoAxon;
import br.com.lojaapi.gateway.produto.ProdutoJson;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.serialization.AnnotationRevisionResolver;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.SimpleSerializedObject;
import org.axonframework.serialization.SimpleSerializedType;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The stored reference events ({@code src/test/resources/eventos}, where every optional field is filled, kept by
 * {@code FormatoDosEventosTest}), read with the production serializer, and the bodies the webhooks' renderer makes
 * of them with the web layer's representations ({@link RecursosDaApi}).
 */
final class EventosDeReferencia {

    private static final Path PASTA = Path.of("src/test/resources/eventos");
    private static final Serializer SERIALIZADOR = ConfiguracaoAxon.serializadorJackson(new AnnotationRevisionResolver());

    private EventosDeReferencia() {
    }

    static <T> T ler(Class<T> tipo) {
        try {
            byte[] bytes = Files.readString(PASTA.resolve(tipo.getSimpleName() + ".json")).strip()
                                .getBytes(StandardCharsets.UTF_8);
            return SERIALIZADOR.deserialize(new SimpleSerializedObject<>(bytes, byte[].class,
                    new SimpleSerializedType(tipo.getName(), null)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The reference event of that class as the event store hands it over: an aggregate's, at this version. */
    static DomainEventMessage<?> mensagem(Class<?> classe, long versao) {
        return new GenericDomainEventMessage<>("Referencia", "agregado-1", versao, ler(classe));
    }

    /**
     * The renderer with the web layer's representations, every product it reads noted in {@code produtosLidos} and
     * found removed (there is no read model here).
     */
    static RenderizadorDeEventos renderizador(ObjectMapper json, List<String> produtosLidos) {
        return new RenderizadorDeEventos(json, new RecursosDaApi(null) {
            @Override
            public ProdutoJson produto(String lojaId, String produtoId, long versao) {
                produtosLidos.add(lojaId + "/" + produtoId + "@" + versao);
                return null;
            }
        });
    }

    /**
     * The bodies of every kind rendered from its events' reference samples; a kind that reads a resource from the
     * read model ({@code produto.atualizado}) has none here, as the resource does not exist. A kind sent on request
     * only has a sample as its renderer makes it.
     */
    static Map<EventoDeWebhook, List<String>> corposDeCadaTipo(ObjectMapper json) {
        RenderizadorDeEventos renderizador = renderizador(json, new ArrayList<>());
        Map<EventoDeWebhook, List<String>> corpos = new LinkedHashMap<>();
        for (EventoDeWebhook tipo : EventoDeWebhook.values()) {
            for (Class<?> classe : tipo.eventos()) {
                renderizador.de(mensagem(classe, 1)).orElseThrow().renderizar()
                            .ifPresent(corpo -> corpos.computeIfAbsent(tipo, t -> new ArrayList<>()).add(corpo));
            }
        }
        corpos.put(EventoDeWebhook.WEBHOOK_TESTE, List.of(renderizador.teste("3f0b8a34-92a5-4d55-9c0e-8f3c1b2a7d61",
                Instant.parse("2026-11-21T10:15:30.123Z"))));
        return corpos;
    }
}
