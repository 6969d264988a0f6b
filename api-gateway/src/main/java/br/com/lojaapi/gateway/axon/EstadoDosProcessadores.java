package br.com.lojaapi.gateway.axon;

import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventProcessor;
import org.axonframework.eventhandling.ReplayToken;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.SimpleSerializedObject;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where each streaming event processor (projections, the saga, the webhook dispatcher) stands, read from the
 * shared token table rather than from this node's own claims, so any node answers for all segments whichever
 * node holds them. A processor's position is its slowest segment's; the head is the newest event's global index,
 * so {@code atraso} counts events (gaps left by rolled-back appends included) still to be handled.
 */
@Component
public class EstadoDosProcessadores {

    private final EventProcessingConfiguration processamento;
    private final JdbcTemplate jdbc;
    private final Serializer serializador;
    private final Clock relogio;
    /** The last reading of each processor during a replay, for the rate behind the estimated end. */
    private final Map<String, Leitura> anteriores = new ConcurrentHashMap<>();

    EstadoDosProcessadores(EventProcessingConfiguration processamento, JdbcTemplate jdbc, Serializer serializer,
                           Clock relogio) {
        this.processamento = processamento;
        this.jdbc = jdbc;
        this.serializador = serializer;
        this.relogio = relogio;
    }

    /** {@code progressoReplay} and {@code terminoEstimado} only while a replay runs. */
    public record Estado(String nome, String estado, Long posicao, long cabeca, Long atraso, Double progressoReplay,
                         Instant terminoEstimado) {
    }

    private record Leitura(Instant em, long posicao) {
    }

    private record Segmento(TrackingToken token) {
    }

    public List<Estado> todos() {
        long cabeca = cabeca();
        List<Estado> estados = new ArrayList<>();
        for (EventProcessor processador : processamento.eventProcessors().values()) {
            if (processador instanceof StreamingEventProcessor streaming) {
                estados.add(estado(streaming, cabeca));
            }
        }
        estados.sort(Comparator.comparing(Estado::nome));
        return estados;
    }

    private Estado estado(StreamingEventProcessor processador, long cabeca) {
        String nome = processador.getName();
        List<Segmento> segmentos = jdbc.query(
                "SELECT token, token_type FROM token_entry WHERE processor_name = ? ORDER BY segment",
                (rs, i) -> new Segmento(token(rs.getBytes(1), rs.getString(2))), nome);
        Long posicao = null;
        boolean replay = false;
        Long alvo = null;
        for (Segmento segmento : segmentos) {
            TrackingToken token = segmento.token();
            long daqui = token == null ? -1 : posicao(token.position());
            posicao = posicao == null ? daqui : Math.min(posicao, daqui);
            if (token instanceof ReplayToken r && daqui < cabeca) {
                replay = true;
                long ate = r.getTokenAtReset() == null ? cabeca : posicao(r.getTokenAtReset().position());
                alvo = alvo == null ? ate : Math.max(alvo, ate);
            }
        }
        if (posicao != null && posicao < 0) {
            posicao = 0L;
        }
        Long atraso = posicao == null ? null : Math.max(0, cabeca - posicao);
        String estado = processador.isError() ? "error" : !processador.isRunning() ? "stopped"
                : replay ? "replaying" : "running";
        Double progresso = null;
        Instant termino = null;
        if (replay && posicao != null) {
            long total = Math.max(1, alvo);
            progresso = Math.min(1.0, (double) posicao / total);
            termino = termino(nome, posicao, total);
        } else {
            anteriores.remove(nome);
        }
        return new Estado(nome, estado, posicao, cabeca, atraso, progresso, termino);
    }

    /** From the rate between the previous reading and this one: unknown at the first reading or with no progress. */
    private Instant termino(String nome, long posicao, long alvo) {
        Instant agora = relogio.instant();
        Leitura anterior = anteriores.put(nome, new Leitura(agora, posicao));
        if (anterior == null || posicao <= anterior.posicao()) {
            return null;
        }
        double porMilissegundo = (double) (posicao - anterior.posicao())
                / Math.max(1, Duration.between(anterior.em(), agora).toMillis());
        return agora.plusMillis((long) ((alvo - posicao) / porMilissegundo));
    }

    private long cabeca() {
        Long maior = jdbc.queryForObject("SELECT MAX(global_index) FROM domain_event_entry", Long.class);
        return maior == null ? 0 : maior;
    }

    private TrackingToken token(byte[] dados, String tipo) {
        if (dados == null || tipo == null) {
            return null;
        }
        return serializador.deserialize(new SimpleSerializedObject<>(dados, byte[].class, tipo, null));
    }

    private static long posicao(OptionalLong posicao) {
        return posicao.isPresent() ? posicao.getAsLong() : -1;
    }
}
