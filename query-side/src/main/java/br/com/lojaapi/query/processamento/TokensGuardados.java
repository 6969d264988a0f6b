package br.com.lojaapi.query.processamento;

import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.SimpleSerializedObject;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.Map;
import java.util.TreeMap;

/**
 * The tokens a processor stored in the shared {@code token_entry}, segment by segment, read in the caller's
 * transaction: where every node's segments of it stand, whichever node holds them.
 */
@Component
public class TokensGuardados {

    private final JdbcTemplate jdbc;
    private final Serializer serializador;

    TokensGuardados(JdbcTemplate jdbc, Serializer serializer) {
        this.jdbc = jdbc;
        this.serializador = serializer;
    }

    /** Each segment's token, null for a segment that has none yet. */
    public Map<Integer, TrackingToken> de(String processador) {
        Map<Integer, TrackingToken> porSegmento = new TreeMap<>();
        jdbc.query("SELECT segment, token, token_type FROM token_entry WHERE processor_name = ?",
                   rs -> {
                       porSegmento.put(rs.getInt(1), token(rs.getBytes(2), rs.getString(3)));
                   }, processador);
        return porSegmento;
    }

    private TrackingToken token(byte[] dados, String tipo) {
        if (dados == null || tipo == null) {
            return null;
        }
        return serializador.deserialize(new SimpleSerializedObject<>(dados, byte[].class, tipo, null));
    }
}
