package br.com.lojaapi.gateway.openapi;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverter;
import io.swagger.v3.core.converter.ModelConverterContext;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.Schema;

import java.util.Iterator;

/**
 * Free JSON ({@link JsonNode}: the {@code opcoes} of an order item, payload-like fields) is the schema {@code {}}
 * (any value, null included) with a description, not a component named after a Java type. springdoc applies it to
 * the REST schemas (it is a {@link ModelConverter} bean, through {@link RespostasComoOServidorEscreve}); the
 * description of the webhooks puts it in front of its own resolver.
 */
public final class JsonLivre implements ModelConverter {

    @Override
    public Schema resolve(AnnotatedType tipo, ModelConverterContext contexto, Iterator<ModelConverter> cadeia) {
        if (livre(tipo)) {
            return new JsonSchema().description("JSON livre: qualquer valor, guardado e devolvido como enviado");
        }
        return cadeia.hasNext() ? cadeia.next().resolve(tipo, contexto, cadeia) : null;
    }

    static boolean livre(AnnotatedType tipo) {
        JavaType java = tipo.getType() == null ? null : Json.mapper().constructType(tipo.getType());
        return java != null && JsonNode.class.isAssignableFrom(java.getRawClass());
    }
}
