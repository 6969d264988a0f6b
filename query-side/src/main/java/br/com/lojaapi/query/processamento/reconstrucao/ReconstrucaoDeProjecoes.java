package br.com.lojaapi.query.processamento.reconstrucao;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.query.processamento.IdentidadeDoNo;
import br.com.lojaapi.query.processamento.PausasDeProcessadores;
import org.axonframework.common.AxonThreadFactory;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventProcessor;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventhandling.pooled.PooledStreamingEventProcessor;
import org.axonframework.eventhandling.tokenstore.TokenStore;
import org.axonframework.messaging.StreamableMessageSource;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.SimpleSerializedObject;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Rebuilds of read models without an outage ({@code POST /admin/projecoes/{nome}/replay}).
 * <p>
 * The live processor keeps running on every node and the API keeps reading its tables. Meanwhile a second
 * processor with the same handlers ({@link ProjecaoSombra}) replays the whole event store into empty copies of
 * those tables, in a schema of their own. When it has caught up with the head it stops, applies what was written
 * since ({@link AlcanceDaCopia}), the live processor stops for a moment on every node (here it is stopped; the other
 * nodes release its segments, {@link PausasDeProcessadores}), and one transaction locks the live tables, applies to
 * the copy whatever the live processors had committed beyond it, and swaps the copies in. The live processors keep
 * their positions and continue on the new tables. Readers wait for that transaction's few
 * milliseconds; none fails, none sees a half-built model and none misses a row the live tables had.
 * <p>
 * Nodes coordinate through {@code reconstrucao_projecao}: its primary key makes a second rebuild of the same
 * projection a conflict, the node named in {@code dono} runs the copy and renews its lease, and a node whose
 * lease lapsed (it stopped or died) is replaced by whichever node takes the row first, continuing from the
 * copy's stored tokens. Only projections that declare their tables are rebuilt: sagas and webhook senders never.
 */
@Component
public class ReconstrucaoDeProjecoes implements SmartLifecycle {

    private static final Logger LOG = LoggerFactory.getLogger(ReconstrucaoDeProjecoes.class);

    public static final String RECONSTRUINDO = "reconstruindo";
    public static final String CONCLUIDA = "concluida";
    public static final String FALHOU = "falhou";

    private final EventProcessingConfiguration processamento;
    private final ModelosReconstruiveis modelos;
    private final Esquemas esquemas;
    private final JdbcTemplate jdbc;
    private final TransactionTemplate transacao;
    private final TransactionManager transacoesAxon;
    private final TokenStore tokens;
    private final StreamableMessageSource<TrackedEventMessage<?>> eventos;
    private final AlcanceDaCopia alcance;
    private final PausasDeProcessadores pausas;
    private final Serializer serializador;
    private final Clock relogio;
    private final Duration concessao;
    private final int threads;
    private final int lote;
    private final String no;
    private final Map<String, ProjecaoSombra> locais = new HashMap<>();
    private volatile boolean ativo;
    private volatile ScheduledExecutorService agenda;
    private final long intervaloMs;
    private static final int TENTATIVAS_DE_TROCA = 10;
    /** How long the other nodes have to release the live processor's segments before the swap goes on without. */
    private static final Duration ESPERA_PELOS_OUTROS_NOS = Duration.ofSeconds(15);
    /** Longer than a swap can take (the waits above and in {@link #concluir}): the end of a pause whose node died. */
    private static final Duration PAUSA_MAXIMA = Duration.ofSeconds(90);

    ReconstrucaoDeProjecoes(EventProcessingConfiguration processamento, ModelosReconstruiveis modelos,
                            Esquemas esquemas, JdbcTemplate jdbc, TransactionTemplate transacao,
                            TransactionManager transacoesAxon, TokenStore tokens,
                            @Qualifier("fonteComAviso") StreamableMessageSource<TrackedEventMessage<?>> eventos,
                            AlcanceDaCopia alcance, PausasDeProcessadores pausas, Serializer serializer, Clock relogio,
                            IdentidadeDoNo identidade,
                            @Value("${loja.reconstrucao.concessao:30s}") Duration concessao,
                            @Value("${loja.reconstrucao.threads:2}") int threads,
                            @Value("${loja.reconstrucao.lote:1000}") int lote,
                            @Value("${loja.reconstrucao.intervalo-ms:500}") long intervaloMs) {
        this.intervaloMs = intervaloMs;
        this.processamento = processamento;
        this.no = identidade.id();
        this.modelos = modelos;
        this.esquemas = esquemas;
        this.jdbc = jdbc;
        this.transacao = transacao;
        this.transacoesAxon = transacoesAxon;
        this.tokens = tokens;
        this.eventos = eventos;
        this.alcance = alcance;
        this.pausas = pausas;
        this.serializador = serializer;
        this.relogio = relogio;
        this.concessao = concessao;
        this.threads = threads;
        this.lote = lote;
    }

    /** The latest rebuild of a projection, as {@code GET /admin/projecoes} shows it. */
    public record Reconstrucao(String estado, Instant iniciadaEm, Instant concluidaEm, Long eventos,
                               Double eventosPorSegundo, String erro) {
    }

    /** Starts a rebuild: 404 for an unknown processor, 409 for one that cannot be rebuilt or is being rebuilt. */
    public void iniciar(String nome) {
        if (!processamento.eventProcessors().containsKey(nome)) {
            throw ErroDeNegocio.naoEncontrado("Projeção não encontrada");
        }
        ModelosReconstruiveis.Modelo modelo = modelos.de(nome).orElseThrow(() -> ErroDeNegocio.conflito(
                "O processador " + nome + " não é um modelo de leitura e não pode ser reconstruído: sagas e envios"
                + " de webhooks nunca são repetidos, e o feed de eventos mantém as posições que os clientes guardam"));
        Instant agora = relogio.instant();
        Boolean iniciou = transacao.execute(status -> {
            int linhas = jdbc.update("""
                    INSERT INTO reconstrucao_projecao (nome, estado, esquema, dono, renovada_em, iniciada_em)
                    VALUES (?, 'reconstruindo', ?, ?, ?, ?)
                    ON CONFLICT (nome) DO UPDATE SET estado = 'reconstruindo', esquema = EXCLUDED.esquema,
                           dono = EXCLUDED.dono, renovada_em = EXCLUDED.renovada_em, iniciada_em = EXCLUDED.iniciada_em,
                           concluida_em = NULL, eventos = NULL, erro = NULL
                     WHERE reconstrucao_projecao.estado <> 'reconstruindo'""",
                    nome, Esquemas.daCopia(nome), no, Timestamp.from(agora), Timestamp.from(agora));
            if (linhas == 0) {
                return false;
            }
            jdbc.update("DELETE FROM token_entry WHERE processor_name = ?", ProjecaoSombra.nome(nome));
            esquemas.preparar(modelo);
            return true;
        });
        if (!Boolean.TRUE.equals(iniciou)) {
            throw ErroDeNegocio.conflito("Já há uma reconstrução de " + nome + " em andamento");
        }
        LOG.info("Reconstrução de {} iniciada neste nó ({})", nome, no);
        ScheduledExecutorService agenda = this.agenda;
        if (agenda != null) {
            // the copy starts on the rebuild's own thread, at once rather than at the next round
            agenda.execute(this::acompanhar);
        }
    }

    /** The latest rebuild of each projection that was ever rebuilt. */
    public Map<String, Reconstrucao> ultimas() {
        Map<String, Reconstrucao> porNome = new HashMap<>();
        jdbc.query("SELECT nome, estado, iniciada_em, concluida_em, eventos, erro FROM reconstrucao_projecao", rs -> {
            Instant inicio = rs.getTimestamp(3).toInstant();
            Timestamp fim = rs.getTimestamp(4);
            Long eventos = (Long) rs.getObject(5);
            Double porSegundo = null;
            if (fim != null && eventos != null) {
                long ms = Math.max(1, Duration.between(inicio, fim.toInstant()).toMillis());
                porSegundo = Math.round(eventos * 1000.0 / ms * 10) / 10.0;
            }
            porNome.put(rs.getString(1), new Reconstrucao(rs.getString(2), inicio, fim == null ? null : fim.toInstant(),
                    eventos, porSegundo, rs.getString(6)));
        });
        return porNome;
    }

    /**
     * Every half second on every node, on a thread of its own (a swap can take a while; the application's shared
     * scheduler must not wait for it): renew the leases this node holds, take over lapsed ones, start copies that
     * should run here and stop those that should not, and swap in those that caught up. Lease times are the
     * database's clock, so nodes with skewed clocks agree on when one lapsed.
     */
    synchronized void acompanhar() {
        if (!ativo) {
            return;
        }
        try {
            List<Linha> linhas = jdbc.query("""
                    SELECT nome, dono, renovada_em, renovada_em < now() - make_interval(secs => ?)
                      FROM reconstrucao_projecao WHERE estado = 'reconstruindo'""",
                    (rs, i) -> new Linha(rs.getString(1), rs.getString(2), rs.getTimestamp(3), rs.getBoolean(4)),
                    concessao.toMillis() / 1000.0);
            Map<String, Linha> minhas = new HashMap<>();
            for (Linha linha : linhas) {
                if (no.equals(linha.dono()) && renovar(linha.nome())) {
                    minhas.put(linha.nome(), linha);
                } else if (linha.expirada() && assumir(linha)) {
                    LOG.warn("Reconstrução de {} assumida por este nó ({}): o nó {} deixou de renová-la; recomeça do"
                             + " primeiro evento", linha.nome(), no, linha.dono());
                    minhas.put(linha.nome(), linha);
                }
            }
            for (String nome : List.copyOf(locais.keySet())) {
                if (!minhas.containsKey(nome)) {
                    LOG.info("Reconstrução de {} deixa de correr neste nó", nome);
                    locais.remove(nome).parar();
                }
            }
            for (String nome : minhas.keySet()) {
                avancar(nome);
            }
        } catch (RuntimeException erro) {
            LOG.error("Falha ao acompanhar as reconstruções de projeções", erro);
        }
    }

    private record Linha(String nome, String dono, Timestamp renovadaEm, boolean expirada) {
    }

    private boolean renovar(String nome) {
        return jdbc.update("UPDATE reconstrucao_projecao SET renovada_em = now() WHERE nome = ? AND dono = ? AND estado = ?",
                           nome, no, RECONSTRUINDO) == 1;
    }

    /**
     * Takes over a lapsed rebuild and starts it again from the first event: its copies are unlogged, and if the
     * previous node stopped because PostgreSQL crashed they were emptied while the copy's tokens were kept.
     */
    private boolean assumir(Linha linha) {
        Optional<ModelosReconstruiveis.Modelo> modelo = modelos.de(linha.nome());
        return Boolean.TRUE.equals(transacao.execute(status -> {
            int linhas = jdbc.update("""
                    UPDATE reconstrucao_projecao SET dono = ?, renovada_em = now(), iniciada_em = now()
                     WHERE nome = ? AND estado = ? AND dono IS NOT DISTINCT FROM ? AND renovada_em = ?""",
                    no, linha.nome(), RECONSTRUINDO, linha.dono(), linha.renovadaEm());
            if (linhas != 1 || modelo.isEmpty()) {
                return linhas == 1;
            }
            jdbc.update("DELETE FROM token_entry WHERE processor_name = ?", ProjecaoSombra.nome(linha.nome()));
            esquemas.preparar(modelo.get());
            return true;
        }));
    }

    private void avancar(String nome) {
        Optional<ModelosReconstruiveis.Modelo> modelo = modelos.de(nome);
        Optional<PooledStreamingEventProcessor> vivo =
                processamento.eventProcessor(nome, PooledStreamingEventProcessor.class);
        if (modelo.isEmpty() || vivo.isEmpty()) {
            falhar(nome, "Este nó não tem o processador " + nome);
            return;
        }
        if (!esquemas.intacta(nome)) {
            // PostgreSQL restarted after a crash and emptied the unlogged copies: their tokens lie
            LOG.warn("As cópias de {} foram esvaziadas (o PostgreSQL reiniciou): a reconstrução recomeça do primeiro"
                     + " evento", nome);
            ProjecaoSombra perdida = locais.remove(nome);
            if (perdida != null) {
                perdida.parar();
            }
            recomecar(modelo.get());
            return;
        }
        ProjecaoSombra sombra = locais.get(nome);
        if (sombra == null) {
            locais.put(nome, iniciada(nome, vivo.get(), modelo.get()));
            return;
        }
        Optional<Throwable> erro = sombra.erro();
        if (erro.isPresent()) {
            LOG.error("Reconstrução de {} falhou ao aplicar um evento", nome, erro.get());
            locais.remove(nome).parar();
            falhar(nome, "A projeção falhou ao aplicar um evento; o modelo em uso não foi alterado (detalhes no log"
                         + " do nó)");
            return;
        }
        if (sombra.alcancouACabeca()) {
            Map<Integer, TrackingToken> emMemoria = sombra.posicoes();
            locais.remove(nome).parar();
            boolean trocou;
            boolean parado = false;
            boolean pausado = false;
            try {
                // the slow part (indexes, write-ahead log, statistics) while the live processor still runs
                esquemas.finalizar(modelo.get());
                if (!renovar(nome)) {
                    return;
                }
                // what was written meanwhile, still without locks, so that little is left for the swap to apply
                long inicio = AlcanceDaCopia.inicio(posicaoDaCopia(nome, emMemoria));
                Long cabeca = jdbc.queryForObject("SELECT COALESCE(MAX(global_index), -1) FROM domain_event_entry",
                                                  Long.class);
                long seguinte = transacao.execute(status -> alcance.aplicar(
                        nome, vivo.get().eventHandlerInvoker(), inicio, cabeca));
                // the live processor waits out the swap on every node, stopped here and without segments elsewhere:
                // a batch could not write the locked tables while holding its token row, which the swap reads (a
                // deadlock PostgreSQL would break by retry), and what another node committed after the catch-up
                // below would be written by the swap's own transaction, which is not safe (see there)
                pausas.pausar(nome, PAUSA_MAXIMA);
                pausado = true;
                parado = vivo.get().isRunning();
                parar(vivo.get());
                if (!pausas.aguardarLiberacao(nome, ESPERA_PELOS_OUTROS_NOS)) {
                    LOG.warn("Outro nó ainda processa {} depois de {}; a troca aplica o que ele gravar até ela", nome,
                             ESPERA_PELOS_OUTROS_NOS);
                }
                // what the live processors committed meanwhile, committed before the swap, and every snapshot
                // older than that gone: the swap below is not MVCC-safe (a reader that took its snapshot and then
                // waited for the swap's locks reads the new tables with that snapshot), so nothing a waiting
                // reader may need can be written by the swap's own transaction
                String[] marca = new String[1];
                long depois = transacao.execute(status -> {
                    long proximo = alcance.aplicar(nome, vivo.get().eventHandlerInvoker(), seguinte,
                                                   posicaoDosVivos(nome));
                    marca[0] = jdbc.queryForObject("SELECT pg_current_xact_id()::xid::text", String.class);
                    return proximo;
                });
                alcance.aguardarInstantaneosAnteriores(marca[0]);
                trocou = concluir(modelo.get(), vivo.get(), depois);
            } catch (RuntimeException falha) {
                LOG.error("Reconstrução de {} falhou ao preparar ou trocar as tabelas", nome, falha);
                falhar(nome, "A troca pelo modelo reconstruído falhou; o modelo em uso não foi alterado (detalhes no"
                             + " log do nó)");
                return;
            } finally {
                try {
                    if (pausado) {
                        pausas.retomar(nome);
                    }
                } finally {
                    if (parado) {
                        vivo.get().start();
                    }
                }
            }
            if (!trocou) {
                // the copy stopped cleanly at its stored tokens: start it again and retry on the next round
                locais.put(nome, iniciada(nome, vivo.get(), modelo.get()));
            }
        }
    }

    /** Empty copies and no copy tokens: the rebuild starts from the first event, still owned by this node. */
    private void recomecar(ModelosReconstruiveis.Modelo modelo) {
        transacao.executeWithoutResult(status -> {
            jdbc.update("DELETE FROM token_entry WHERE processor_name = ?", ProjecaoSombra.nome(modelo.processador()));
            esquemas.preparar(modelo);
        });
    }

    private static void parar(PooledStreamingEventProcessor processador) {
        try {
            processador.shutdownAsync().get(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrompido ao parar " + processador.getName(), e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException(processador.getName() + " não parou a tempo", e);
        }
    }

    /** The copy's processor on this node, from its stored tokens (none: from the first event). */
    private ProjecaoSombra iniciada(String nome, PooledStreamingEventProcessor vivo,
                                    ModelosReconstruiveis.Modelo modelo) {
        ProjecaoSombra sombra = new ProjecaoSombra(nome, vivo.eventHandlerInvoker(), eventos, tokens,
                new TransacaoNoEsquema(transacoesAxon, jdbc, Esquemas.daCopia(nome), esquemas.atual(),
                                       modelo.tabelas()),
                segmentos(nome), threads, lote);
        sombra.iniciar();
        return sombra;
    }

    /** As many segments as the live processor has, so the copy's tokens map onto its rows. */
    private int segmentos(String nome) {
        Integer vivos = jdbc.queryForObject("SELECT COUNT(*) FROM token_entry WHERE processor_name = ?",
                                            Integer.class, nome);
        return vivos == null || vivos == 0 ? 1 : vivos;
    }

    /**
     * The swap. Under locks on the live tables (no live batch of any node can write them, and one that did has
     * committed together with its token), the copy applies every event up to the furthest live token, so it holds
     * all the live tables hold: no read after the swap can miss a row it could read before. The live tokens stay as
     * they are; each live processor continues from its own position on the swapped-in tables (a batch of another
     * node that was waiting for the locks writes them, by name, once they are in place). False when the locks
     * could not be taken in time; nothing changed then.
     */
    private boolean concluir(ModelosReconstruiveis.Modelo modelo, PooledStreamingEventProcessor vivo, long inicio) {
        String nome = modelo.processador();
        for (int tentativa = 1; tentativa <= TENTATIVAS_DE_TROCA; tentativa++) {
            try {
                Long eventos = transacao.execute(status -> {
                    // short: every reader queues behind a waiting ACCESS EXCLUSIVE request
                    jdbc.execute("SET LOCAL lock_timeout = '500ms'");
                    esquemas.travar(modelo);
                    String dono = jdbc.query(
                            "SELECT dono FROM reconstrucao_projecao WHERE nome = ? AND estado = ? FOR UPDATE",
                            rs -> rs.next() ? rs.getString(1) : null, nome, RECONSTRUINDO);
                    if (!no.equals(dono)) {
                        return null;
                    }
                    if (!esquemas.intacta(nome)) {
                        throw new IllegalStateException("As cópias de " + nome + " foram esvaziadas por um reinício"
                                                        + " do PostgreSQL");
                    }
                    esquemas.exigirMesmasColunas(modelo);
                    // only what another node's live processor committed after the catch-up before: nothing, unless
                    // a node did not release its segments in time (one running a version without pauses)
                    long ate = posicaoDosVivos(nome);
                    alcance.aplicar(nome, vivo.eventHandlerInvoker(), inicio, ate);
                    esquemas.trocar(modelo);
                    jdbc.update("DELETE FROM token_entry WHERE processor_name = ?", ProjecaoSombra.nome(nome));
                    Long aplicados = jdbc.queryForObject(
                            "SELECT COUNT(*) FROM domain_event_entry WHERE global_index <= ?", Long.class, ate);
                    jdbc.update("""
                            UPDATE reconstrucao_projecao SET estado = 'concluida', concluida_em = ?, eventos = ?,
                                   dono = NULL
                             WHERE nome = ?""", Timestamp.from(relogio.instant()), aplicados, nome);
                    return aplicados;
                });
                if (eventos == null) {
                    LOG.warn("Reconstrução de {} não é mais deste nó; a cópia não foi trocada", nome);
                    return true;
                }
                LOG.info("Reconstrução de {} concluída: {} eventos; o modelo reconstruído está em uso", nome, eventos);
                return true;
            } catch (DataAccessException erro) {
                LOG.warn("Troca das tabelas de {} adiada (tentativa {}): {}", nome, tentativa, erro.getMessage());
                dormir(200L * tentativa);
            }
        }
        return false;
    }

    /** The furthest position any segment of the live processor has committed: nothing beyond it is in its tables. */
    private long posicaoDosVivos(String nome) {
        long[] maior = {-1};
        jdbc.query("SELECT token, token_type FROM token_entry WHERE processor_name = ?", rs -> {
            if (rs.getBytes(1) != null) {
                TrackingToken token = serializador.deserialize(
                        new SimpleSerializedObject<>(rs.getBytes(1), byte[].class, rs.getString(2), null));
                maior[0] = Math.max(maior[0], posicao(token));
            }
        }, nome);
        return maior[0];
    }

    /**
     * The lowest of the copy's segment positions, gaps included: the catch-up before the swap starts there. Each
     * segment's is the further of its stored token and where it stood in memory just before it stopped; both are
     * at or behind what it committed. Events the faster segments had handled are applied again, which the
     * projections' version guards make harmless.
     */
    private TrackingToken posicaoDaCopia(String nome, Map<Integer, TrackingToken> emMemoria) {
        Map<Integer, TrackingToken> porSegmento = new HashMap<>();
        jdbc.query("SELECT segment, token, token_type FROM token_entry WHERE processor_name = ?", rs -> {
            porSegmento.put(rs.getInt(1), rs.getBytes(2) == null ? null : serializador.deserialize(
                    new SimpleSerializedObject<>(rs.getBytes(2), byte[].class, rs.getString(3), null)));
        }, ProjecaoSombra.nome(nome));
        emMemoria.forEach((segmento, token) -> {
            TrackingToken guardado = porSegmento.get(segmento);
            if (guardado == null || posicao(token) > posicao(guardado)) {
                porSegmento.put(segmento, token);
            }
        });
        TrackingToken menor = null;
        boolean primeiro = true;
        for (TrackingToken token : porSegmento.values()) {
            if (token == null) {
                return null;
            }
            menor = primeiro ? token : menor.lowerBound(token);
            primeiro = false;
        }
        return menor;
    }

    private static long posicao(TrackingToken token) {
        return token.position().orElse(-1);
    }

    /** Ends this node's rebuild as failed; one another node has taken over meanwhile is left alone. */
    private void falhar(String nome, String mensagem) {
        transacao.executeWithoutResult(status -> {
            int minhas = jdbc.update("""
                    UPDATE reconstrucao_projecao SET estado = 'falhou', concluida_em = ?, erro = ?, dono = NULL
                     WHERE nome = ? AND estado = 'reconstruindo' AND dono = ?""",
                    Timestamp.from(relogio.instant()), mensagem, nome, no);
            if (minhas == 1) {
                jdbc.update("DELETE FROM token_entry WHERE processor_name = ?", ProjecaoSombra.nome(nome));
                esquemas.descartar(nome);
            }
        });
    }

    private static void dormir(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The name under which the copy of a projection keeps its tokens. */
    public static String nomeDaCopia(String processador) {
        return ProjecaoSombra.nome(processador);
    }

    @Override
    public void start() {
        ativo = true;
        agenda = Executors.newSingleThreadScheduledExecutor(new AxonThreadFactory("reconstrucao"));
        agenda.scheduleWithFixedDelay(this::acompanhar, intervaloMs, intervaloMs, TimeUnit.MILLISECONDS);
    }

    /** Stops the copies running here; their leases lapse and another node (or this one, restarted) continues. */
    @Override
    public void stop() {
        ativo = false;
        ScheduledExecutorService agenda = this.agenda;
        if (agenda != null) {
            agenda.shutdown();
        }
        pararLocais();
    }

    private synchronized void pararLocais() {
        locais.values().forEach(sombra -> {
            try {
                sombra.parar();
            } catch (RuntimeException erro) {
                LOG.warn("Reconstrução não parou a tempo", erro);
            }
        });
        locais.clear();
    }

    @Override
    public boolean isRunning() {
        return ativo;
    }

    /** Stops before Axon's processors and the database pool. */
    @Override
    public int getPhase() {
        return Integer.MAX_VALUE - 100;
    }
}
