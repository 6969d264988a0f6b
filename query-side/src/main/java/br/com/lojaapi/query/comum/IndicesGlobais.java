package br.com.lojaapi.query.comum;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.PreparedStatement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The global index of an aggregate's event in the event store. A read-model row stores the index of the last event
 * applied to it, next to its version: incremental sync orders rows by it, and since it belongs to the event store
 * alone, a rebuild writes the same value.
 * <p>
 * It is looked up by the event's aggregate and sequence number (the event table's unique key), once for a whole
 * batch: the tracking token Axon hands a handler is not the event's position when the event filled a gap (its
 * index is then the highest one the processor had read).
 * <p>
 * Most lookups need no query: the event storage reports each event it reads for the processors' streams with its
 * index ({@link #anotar}), and those are kept for the most recent {@value #LIDOS} events. An index never changes
 * once its event is readable, so a kept one is always right; one no longer kept is looked up as before.
 */
@Component
public class IndicesGlobais {

    private static final String LOTE = IndicesGlobais.class.getName() + ".lote";

    private record Chave(String agregado, long sequencia) {
    }

    static final int LIDOS = 50_000;

    private final JdbcTemplate jdbc;
    private final Cache<Chave, Long> lidos = CacheBuilder.newBuilder().maximumSize(LIDOS).build();

    IndicesGlobais(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** An aggregate's event was read from the store at {@code indice}. */
    public void anotar(String agregadoId, long sequencia, long indice) {
        lidos.put(new Chave(agregadoId, sequencia), indice);
    }

    /** The index of the aggregate's event {@code sequencia}, which is being handled now. */
    public long de(String agregadoId, long sequencia) {
        Chave chave = new Chave(agregadoId, sequencia);
        Long indice = lidos.getIfPresent(chave);
        if (indice == null) {
            indice = LoteDoProcessador.umaVez(LOTE, eventos -> buscar(eventos.stream()
                    .map(e -> new Chave(e.getAggregateIdentifier(), e.getSequenceNumber()))
                    .filter(c -> lidos.getIfPresent(c) == null).toList())).get(chave);
        }
        if (indice == null) {
            indice = buscar(List.of(chave)).get(chave);
        }
        if (indice == null) {
            throw new IllegalStateException("Evento " + sequencia + " de " + agregadoId + " não está no event store");
        }
        return indice;
    }

    private Map<Chave, Long> buscar(List<Chave> chaves) {
        Map<Chave, Long> indices = new HashMap<>();
        if (chaves.isEmpty()) {
            return indices;
        }
        jdbc.query(conexao -> {
            PreparedStatement consulta = conexao.prepareStatement("""
                    SELECT e.aggregate_identifier, e.sequence_number, e.global_index
                      FROM unnest(?::varchar[], ?::bigint[]) AS b (agregado, sequencia)
                      JOIN domain_event_entry e ON e.aggregate_identifier = b.agregado AND e.sequence_number = b.sequencia""");
            consulta.setArray(1, conexao.createArrayOf("varchar", chaves.stream().map(Chave::agregado).toArray()));
            consulta.setArray(2, conexao.createArrayOf("bigint", chaves.stream().map(Chave::sequencia).toArray()));
            return consulta;
        }, linha -> {
            indices.put(new Chave(linha.getString(1), linha.getLong(2)), linha.getLong(3));
        });
        return indices;
    }
}
