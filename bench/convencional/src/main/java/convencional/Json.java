package convencional;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.stereotype.Component;

/** JSON columns in and out, with the application's mapper. */
@Component
class Json {

    private final ObjectMapper mapper;

    Json(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    JsonNode ler(String texto) {
        try {
            return texto == null ? null : mapper.readTree(texto);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("JSON inválido no banco", e);
        }
    }

    String escrever(Object valor) {
        try {
            return mapper.writeValueAsString(valor);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
