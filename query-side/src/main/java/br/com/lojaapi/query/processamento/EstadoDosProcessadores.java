package br.com.lojaapi.query.processamento;

import br.com.lojaapi.query.processamento.reconstrucao.Reconstrucao;
import br.com.lojaapi.query.processamento.reconstrucao.ReconstrucaoDeProjecoes;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventProcessor;
import org.axonframework.eventhandling.ReplayToken;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.eventhandling.TrackingToken;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where each streaming event processor (projections, the saga, the webhook dispatcher) stands, read from the
 * shared token table rather than from this node's own claims, so any node answers for all segments whichever
 * node holds them. A processor's position is its slowest segment's; the head is the newest event's global index,
 * so {@code atraso} counts events (gaps left by rolled-back appends included) still to be handled.
 */
@Component
class EstadoDosProcessadores {

    private final EventProcessingConfiguration processamento;
    private final JdbcTemplate jdbc;
    private final TokensGuardados tokens;
    private final Clock relogio;
    private final ReconstrucaoDeProjecoes reconstrucao;
    /** The last reading of each processor during a replay, for the rate behind the estimated end. */
    private final Map<String, Leitura> anteriores = new ConcurrentHashMap<>();

    EstadoDosProcessadores(EventProcessingConfiguration processamento, JdbcTemplate jdbc, TokensGuardados tokens,
                           Clock relogio, ReconstrucaoDeProjecoes reconstrucao) {
        this.reconstrucao = reconstrucao;
        this.processamento = processamento;
        this.jdbc = jdbc;
        this.tokens = tokens;
        this.relogio = relogio;
    }

    private record Leitura(Instant em, long posicao) {
    }

    List<EstadoDoProcessador> todos() {
        long cabeca = cabeca();
        Map<String, Reconstrucao> reconstrucoes = reconstrucao.ultimas();
        Set<String> pausados = new HashSet<>(jdbc.queryForList(
                "SELECT processador FROM pausa_de_processador WHERE ate > now()", String.class));
        Map<Long, Long> idades = new HashMap<>();
        List<EstadoDoProcessador> estados = new ArrayList<>();
        for (EventProcessor processador : processamento.eventProcessors().values()) {
            if (processador instanceof StreamingEventProcessor streaming) {
                estados.add(estado(streaming, cabeca, reconstrucoes.get(streaming.getName()),
                        pausados.contains(streaming.getName()), idades));
            }
        }
        estados.sort(Comparator.comparing(EstadoDoProcessador::nome));
        return estados;
    }

    /** One processor's, or empty for a name that is not a streaming processor. */
    Optional<EstadoDoProcessador> de(String nome) {
        return todos().stream().filter(e -> e.nome().equals(nome)).findFirst();
    }

    private EstadoDoProcessador estado(StreamingEventProcessor processador, long cabeca, Reconstrucao ultima,
                                       boolean pausado, Map<Long, Long> idades) {
        String nome = processador.getName();
        Map<Integer, TrackingToken> segmentos = tokens.de(nome);
        String erro = processador.processingStatus().values().stream()
                                 .filter(s -> s.isErrorState() && s.getError() != null)
                                 .map(s -> s.getError().getClass().getSimpleName()
                                         + (s.getError().getMessage() == null ? "" : ": " + s.getError().getMessage()))
                                 .findFirst().orElse(null);
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
        boolean reconstruindo = ultima != null && ultima.emAndamento();
        if (reconstruindo) {
            // the copy being built: how far it is towards the head
            long daCopia = -1;
            boolean algum = false;
            for (TrackingToken token : tokens.de(ReconstrucaoDeProjecoes.nomeDaCopia(nome)).values()) {
                long daqui = token == null ? -1 : posicao(token.position());
                daCopia = algum ? Math.min(daCopia, daqui) : daqui;
                algum = true;
            }
            if (!algum) {
                // before the copy's processor has tokens: how far its bulk load has written, if it has one
                daCopia = reconstrucao.posicaoDaCargaEmMassa(nome).orElse(-1);
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
        Long atrasoSegundos = atraso == null ? null
                : atraso == 0 ? Long.valueOf(0) : idades.computeIfAbsent(posicao, this::idadeDoProximo);
        return new EstadoDoProcessador(nome, estado, posicao, cabeca, atraso, progresso, termino, ultima,
                          segmentos(nome, segmentos), atrasoSegundos, pausado, erro, reconstrucao.reconstruivel(nome));
    }

    private List<SegmentoDoProcessador> segmentos(String processador, Map<Integer, TrackingToken> posicoes) {
        return jdbc.query("SELECT segment, owner FROM token_entry WHERE processor_name = ? ORDER BY segment",
                          (rs, i) -> {
                              TrackingToken token = posicoes.get(rs.getInt(1));
                              Long daqui = token == null ? null : Math.max(0, posicao(token.position()));
                              return new SegmentoDoProcessador(rs.getInt(1), rs.getString(2), daqui);
                          }, processador);
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

    /**
     * Seconds since the first event after {@code posicao} was appended: how long the oldest event still to handle
     * has waited (one primary-key lookup, shared by the processors at the same position).
     */
    private Long idadeDoProximo(long posicao) {
        List<String> carimbo = jdbc.queryForList(
                "SELECT time_stamp FROM domain_event_entry WHERE global_index > ? ORDER BY global_index LIMIT 1",
                String.class, posicao);
        if (carimbo.isEmpty()) {
            return 0L;
        }
        try {
            return Math.max(0, Duration.between(Instant.parse(carimbo.get(0)), relogio.instant()).toSeconds());
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private long cabeca() {
        Long maior = jdbc.queryForObject("SELECT MAX(global_index) FROM domain_event_entry", Long.class);
        return maior == null ? 0 : maior;
    }

    private static long posicao(OptionalLong posicao) {
        return posicao.isPresent() ? posicao.getAsLong() : -1;
    }
}
