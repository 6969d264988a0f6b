package br.com.lojaapi.gateway.web;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;

import java.io.IOException;

/**
 * Text fields of request bodies: only JSON strings (a number or boolean is not silently turned into text), and
 * never the NUL character, which PostgreSQL text cannot hold: it would pass into an event and then break every
 * projection of it. Nor a lone UTF-16 surrogate ({@code "\ud800"} without its pair): it is no character at all
 * and UTF-8 cannot encode it, so it would be stored as {@code ?}.
 */
class TextoJson extends StdScalarDeserializer<String> {

    static final String CARACTERE_NULO = "texto com o caractere nulo (\\u0000)";
    static final String SURROGATE_ISOLADO = "texto com um surrogate UTF-16 sem par (\\ud800 a \\udfff)";

    TextoJson() {
        super(String.class);
    }

    @Override
    public String deserialize(JsonParser parser, DeserializationContext contexto) throws IOException {
        if (!parser.hasToken(JsonToken.VALUE_STRING)) {
            return (String) contexto.handleUnexpectedToken(String.class, parser);
        }
        String texto = parser.getText();
        if (texto.indexOf('\u0000') >= 0) {
            throw InvalidFormatException.from(parser, CARACTERE_NULO, texto, String.class);
        }
        if (temSurrogateIsolado(texto)) {
            throw InvalidFormatException.from(parser, SURROGATE_ISOLADO, texto, String.class);
        }
        return texto;
    }

    static boolean temSurrogateIsolado(String texto) {
        for (int i = 0; i < texto.length(); i++) {
            char c = texto.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < texto.length() && Character.isLowSurrogate(texto.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }
}
