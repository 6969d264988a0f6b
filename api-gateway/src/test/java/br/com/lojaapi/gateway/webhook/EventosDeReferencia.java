package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.gateway.axon.ConfiguracaoAxon;
import br.com.lojaapi.gateway.produto.ProdutoJson;
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
 * {@code FormatoDosEventosTest}), read with the production serializer, and the {@code dados} each origin of the
 * catalogue renders from them.
 */
final class EventosDeReferencia {

    private static final Path PASTA = Path.of("src/test/resources/eventos");
    private static final Serializer SERIALIZADOR = ConfiguracaoAxon.serializadorJackson(new AnnotationRevisionResolver());

    private EventosDeReferencia() {
    }

    /** The web layer's representations, with every product read as already removed (the read model is not there). */
    static RecursosComoGet recursos(List<String> produtosLidos) {
        return new RecursosDaApi(null, null) {
            @Override
            public ProdutoJson produto(String lojaId, String produtoId, long versao) {
                produtosLidos.add(lojaId + "/" + produtoId + "@" + versao);
                return null;
            }
        };
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

    /** How an origin renders its reference event at this version, reading resources through {@code recursos}. */
    static <E> Object dados(Origem<E> origem, long versao, RecursosComoGet recursos) {
        return origem.dados().de(ler(origem.classe()), versao, recursos);
    }

    /** The store an origin finds in its reference event. */
    static <E> String loja(Origem<E> origem) {
        return origem.loja().apply(ler(origem.classe()));
    }

    /**
     * The {@code dados} of every kind rendered from its origins' reference events; a kind that reads a resource
     * from the read model ({@code produto.atualizado}) has none here, as the resource does not exist. A kind sent on
     * request only has a sample as its renderer makes it.
     */
    static Map<EventoDeWebhook, List<Object>> dadosDeCadaTipo() {
        Map<EventoDeWebhook, List<Object>> dados = new LinkedHashMap<>();
        for (EventoDeWebhook tipo : EventoDeWebhook.values()) {
            for (Origem<?> origem : tipo.origens()) {
                Object d = dados(origem, 1, recursos(new ArrayList<>()));
                if (d != null) {
                    dados.computeIfAbsent(tipo, t -> new ArrayList<>()).add(d);
                }
            }
        }
        dados.put(EventoDeWebhook.WEBHOOK_TESTE, List.of(new DadosDeEvento.WebhookTeste(
                "3f0b8a34-92a5-4d55-9c0e-8f3c1b2a7d61", Instant.parse("2026-11-21T10:15:30.123Z"))));
        return dados;
    }
}
