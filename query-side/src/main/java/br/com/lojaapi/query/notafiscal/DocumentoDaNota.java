package br.com.lojaapi.query.notafiscal;

import br.com.lojaapi.coreapi.notafiscal.EstadoDaNota;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * The {@code nota} column: the invoice as its last event carried it. Dates keep the offset they were read with
 * (an issue date at -03:00 stays at -03:00).
 */
final class DocumentoDaNota {

    private static final ObjectMapper JSON = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private DocumentoDaNota() {
    }

    static String escrever(EstadoDaNota nota) {
        try {
            return JSON.writeValueAsString(nota);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("não foi possível escrever o JSON da nota fiscal", e);
        }
    }

    static EstadoDaNota ler(String texto) {
        try {
            return JSON.readValue(texto, EstadoDaNota.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("JSON inválido no modelo de leitura de notas fiscais", e);
        }
    }
}
