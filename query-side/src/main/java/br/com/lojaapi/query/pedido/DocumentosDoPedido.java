package br.com.lojaapi.query.pedido;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The JSON columns of the order read model (lines, payments, customer), written and read with one mapper. */
final class DocumentosDoPedido {

    private static final ObjectMapper JSON = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private DocumentosDoPedido() {
    }

    static String escrever(Object valor) {
        try {
            return valor == null ? null : JSON.writeValueAsString(valor);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("não foi possível escrever o JSON do pedido", e);
        }
    }

    static <T> T ler(String texto, TypeReference<T> tipo) {
        try {
            return texto == null ? null : JSON.readValue(texto, tipo);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("JSON inválido no modelo de leitura de pedidos", e);
        }
    }
}
