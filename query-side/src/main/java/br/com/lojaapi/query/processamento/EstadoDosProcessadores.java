package br.com.lojaapi.query.processamento;

import br.com.lojaapi.query.processamento.reconstrucao.ReconstrucaoDeProjecoes;
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
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
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
    private final ReconstrucaoDeProjecoes reconstrucao;
    /** The last reading of each processor during a replay, for the rate behind the estimated end. */
    private final Map<String, Leitura> anteriores = new ConcurrentHashMap<>();

    EstadoDosProcessadores(EventProcessingConfiguration processamento, JdbcTemplate jdbc, Serializer serializer,
                           Clock relogio, ReconstrucaoDeProjecoes reconstrucao) {
        this.reconstrucao = reconstrucao;
        this.processamento = processamento;
        this.jdbc = jdbc;
        this.serializador = serializer;
        this.relogio = relogio;
    }

    /**
     * {@code progressoReplay} and {@code terminoEstimado} only while a replay runs; {@code segmentos}, which node
     * holds each segment (none: free, or about to be claimed).
     */
    public record Estado(String nome, String estado, Long posicao, long cabeca, Long atraso, Double progressoReplay,
                         Instant terminoEstimado, ReconstrucaoDeProjecoes.Reconstrucao reconstrucao,
                         List<Segmento> segmentos) {
    }

    /** One segment: the node that holds its claim, as the token table says, and its position. */
    public record Segmento(int segmento, String dono, Long posicao) {
    }

    private record Leitura(Instant em, long posicao) {
    }

    public List<Estado> todos() {
        long cabeca = cabeca();
        Map<String, ReconstrucaoDeProjecoes.Reconstrucao> reconstrucoes = reconstrucao.ultimas();
        List<Estado> estados = new ArrayList<>();
        for (EventProcessor processador : processamento.eventProcessors().values()) {
            if (processador instanceof StreamingEventProcessor streaming) {
                estados.add(estado(streaming, cabeca, reconstrucoes.get(streaming.getName())));
            }
        }
        estados.sort(Comparator.comparing(Estado::nome));
        return estados;
    }

    /** One processor's, or empty for a name that is not a streaming processor. */
    public Optional<Estado> de(String nome) {
        return todos().stream().filter(e -> e.nome().equals(nome)).findFirst();
    }

    private Estado estado(StreamingEventProcessor processador, long cabeca,
                          ReconstrucaoDeProjecoes.Reconstrucao ultima) {
        String nome = processador.getName();
        Map<Integer, TrackingToken> segmentos = tokens(nome);
        // a pooled processor stores its token lazily while it only skips events it has no handler for: the
        // segments this node holds are where this node's processor says they are
        processador.processingStatus().forEach((segmento, status) -> {
            TrackingToken guardado = segmentos.get(segmento);
            if (status.getTrackingToken() != null && !status.isErrorState()
                && posicao(status.getTrackingToken().position()) > (guardado == null ? -1 : posicao(guardado.position()))) {
                segmentos.put(segmento, status.getTrackingToken());
            }
        });
        Long posicao = null;
        boolean replay = false;
        Long alvo = null;
        for (TrackingToken token : segmentos.values()) {
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
        Long progressoDe = replay ? posicao : null;
        boolean reconstruindo = ultima != null && ReconstrucaoDeProjecoes.RECONSTRUINDO.equals(ultima.estado());
        if (reconstruindo) {
            // the copy being built: how far it is towards the head
            long daCopia = -1;
            boolean algum = false;
            for (TrackingToken token : tokens(ReconstrucaoDeProjecoes.nomeDaCopia(nome)).values()) {
                long daqui = token == null ? -1 : posicao(token.position());
                daCopia = algum ? Math.min(daCopia, daqui) : daqui;
                algum = true;
            }
            progressoDe = Math.max(0, daCopia);
            alvo = cabeca;
        }
        String estado = processador.isError() ? "error" : !processador.isRunning() ? "stopped"
                : replay || reconstruindo ? "replaying" : "running";
        Double progresso = null;
        Instant termino = null;
        if (progressoDe != null) {
            long total = Math.max(1, alvo);
            progresso = Math.min(1.0, (double) progressoDe / total);
            termino = termino(nome, progressoDe, total);
        } else {
            anteriores.remove(nome);
        }
        return new Estado(nome, estado, posicao, cabeca, atraso, progresso, termino, ultima,
                          segmentos(nome, segmentos));
    }

    private List<Segmento> segmentos(String processador, Map<Integer, TrackingToken> posicoes) {
        return jdbc.query("SELECT segment, owner FROM token_entry WHERE processor_name = ? ORDER BY segment",
                          (rs, i) -> {
                              TrackingToken token = posicoes.get(rs.getInt(1));
                              Long daqui = token == null ? null : Math.max(0, posicao(token.position()));
                              return new Segmento(rs.getInt(1), rs.getString(2), daqui);
                          }, processador);
    }

    public Map<Integer, TrackingToken> tokens(String processador) {
        Map<Integer, TrackingToken> porSegmento = new TreeMap<>();
        jdbc.query("SELECT segment, token, token_type FROM token_entry WHERE processor_name = ?",
                   rs -> {
                       porSegmento.put(rs.getInt(1), token(rs.getBytes(2), rs.getString(3)));
                   }, processador);
        return porSegmento;
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
