package br.com.lojaapi.query.processamento.reconstrucao;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.query.processamento.TokensGuardados;
import org.axonframework.common.AxonThreadFactory;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventhandling.pooled.PooledStreamingEventProcessor;
import org.axonframework.eventhandling.tokenstore.TokenStore;
import org.axonframework.messaging.StreamableMessageSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Rebuilds of read models without an outage ({@code POST /admin/projecoes/{nome}/replay}).
 * <p>
 * The live processor keeps running on every node and the API keeps reading its tables. Meanwhile a second
 * processor with the same handlers ({@link ProjecaoSombra}) replays the whole event store into empty copies of
 * those tables, in a schema of their own ({@link Esquemas}). When it has caught up with the head it stops and the
 * copies take the live tables' place ({@link TrocaDasTabelas}).
 * <p>
 * Nodes coordinate through leases ({@link ConcessoesDeReconstrucao}): one node runs a projection's copy, and a node
 * whose lease lapsed is replaced by another, continuing from the copy's stored tokens. Only projections that declare
 * their tables are rebuilt: sagas and webhook senders never.
 */
@Component
public class ReconstrucaoDeProjecoes implements SmartLifecycle {

    private static final Logger LOG = LoggerFactory.getLogger(ReconstrucaoDeProjecoes.class);
    private static final Duration LOGO = Duration.ofMillis(50);
    /** How long after its bulk load a copy is looked at every {@link #LOGO}. */
    private static final Duration ATENCAO_APOS_A_CARGA = Duration.ofSeconds(10);

    private final EventProcessingConfiguration processamento;
    private final ModelosReconstruiveis modelos;
    private final Esquemas esquemas;
    private final ConcessoesDeReconstrucao concessoes;
    private final TrocaDasTabelas troca;
    private final TokensGuardados guardados;
    private final JdbcTemplate jdbc;
    private final TransactionManager transacoesAxon;
    private final TokenStore tokens;
    private final StreamableMessageSource<TrackedEventMessage<?>> eventos;
    private final Duration concessao;
    private final int threads;
    private final int lote;
    private final long intervaloMs;
    private final FaseEmMassa emMassa;
    private final Map<String, ProjecaoSombra> locais = new HashMap<>();
    /** Bulk loads running here (decision 078): the copy's processor starts when its load is done. */
    private final Map<String, FaseEmMassa.Execucao> cargas = new HashMap<>();
    /**
     * Copies started after their bulk load, to when they are looked at every {@link #LOGO} rather than every round:
     * they have only what was written during the load to apply, usually a moment's work, and the rounds' interval
     * was most of the wait between the load's end and the swap.
     */
    private final Map<String, Long> aposACarga = new HashMap<>();
    /**
     * When the next round {@link #LOGO} after another is due ({@link System#nanoTime()}), while one is pending: every
     * round would otherwise schedule its own, and each regular tick would start one more chain of them.
     */
    private long rodadaLogoEm;
    private boolean rodadaLogoPendente;
    private volatile boolean ativo;
    private volatile ScheduledExecutorService agenda;

    /**
     * {@code eventos} is the live processors' own source (api-gateway's Axon configuration names it), so the copy
     * is woken as soon as events exist, as they are.
     */
    ReconstrucaoDeProjecoes(EventProcessingConfiguration processamento, ModelosReconstruiveis modelos,
                            Esquemas esquemas, ConcessoesDeReconstrucao concessoes, TrocaDasTabelas troca,
                            TokensGuardados guardados, JdbcTemplate jdbc, TransactionManager transacoesAxon,
                            TokenStore tokens, FaseEmMassa emMassa,
                            @Qualifier("fonteComAviso") StreamableMessageSource<TrackedEventMessage<?>> eventos,
                            @Value("${loja.reconstrucao.concessao:30s}") Duration concessao,
                            @Value("${loja.reconstrucao.threads:2}") int threads,
                            @Value("${loja.reconstrucao.lote:1000}") int lote,
                            @Value("${loja.reconstrucao.intervalo-ms:500}") long intervaloMs) {
        this.processamento = processamento;
        this.modelos = modelos;
        this.esquemas = esquemas;
        this.concessoes = concessoes;
        this.troca = troca;
        this.guardados = guardados;
        this.jdbc = jdbc;
        this.transacoesAxon = transacoesAxon;
        this.tokens = tokens;
        this.emMassa = emMassa;
        this.eventos = eventos;
        this.concessao = concessao;
        this.threads = threads;
        this.lote = lote;
        this.intervaloMs = intervaloMs;
    }

    /** Starts a rebuild: 404 for an unknown processor, 409 for one that cannot be rebuilt or is being rebuilt. */
    public void iniciar(String nome) {
        if (!processamento.eventProcessors().containsKey(nome)) {
            throw ErroDeNegocio.naoEncontrado("Projeção não encontrada");
        }
        ModelosReconstruiveis.Modelo modelo = modelos.de(nome).orElseThrow(() -> ErroDeNegocio.conflito(
                "O processador " + nome + " não é um modelo de leitura e não pode ser reconstruído: sagas e envios"
                + " de webhooks nunca são repetidos, e o feed de eventos mantém as posições que os clientes guardam"));
        if (!concessoes.abrir(modelo)) {
            throw ErroDeNegocio.conflito("Já há uma reconstrução de " + nome + " em andamento");
        }
        LOG.info("Reconstrução de {} iniciada neste nó ({})", nome, concessoes.no());
        ScheduledExecutorService agenda = this.agenda;
        if (agenda != null) {
            // the copy starts on the rebuild's own thread, at once rather than at the next round
            agenda.execute(this::acompanhar);
        }
    }

    /** A round on the rebuild's own thread now rather than at the next tick (a bulk load just ended). */
    private void logoAcompanhar() {
        logoAcompanhar(Duration.ZERO);
    }

    private void logoAcompanhar(Duration em) {
        ScheduledExecutorService agenda = this.agenda;
        if (agenda != null && ativo) {
            agenda.schedule(this::acompanhar, em.toNanos(), TimeUnit.NANOSECONDS);
        }
    }

    /** One round {@link #LOGO} from now, unless one is already pending (called from a round, under its lock). */
    private void rodadaLogo() {
        long agora = System.nanoTime();
        if (rodadaLogoPendente && rodadaLogoEm - agora > 0) {
            return;
        }
        rodadaLogoPendente = true;
        rodadaLogoEm = agora + LOGO.toNanos();
        logoAcompanhar(LOGO);
    }

    /** The latest rebuild of each projection that was ever rebuilt. */
    public Map<String, Reconstrucao> ultimas() {
        return concessoes.ultimas();
    }

    /** Whether the processor is a read model that {@link #iniciar} can rebuild (not a saga or a webhook sender). */
    public boolean reconstruivel(String nome) {
        return modelos.de(nome).isPresent();
    }

    /**
     * How far the bulk load of a rebuild under way has written its copy (the global index of its last written event),
     * while the copy's processor has no tokens yet; empty without a bulk load.
     */
    public OptionalLong posicaoDaCargaEmMassa(String processador) {
        Long ate = concessoes.emMassaAte(processador);
        return ate == null ? OptionalLong.empty() : OptionalLong.of(ate);
    }

    /** The name under which the copy of a projection keeps its tokens. */
    public static String nomeDaCopia(String processador) {
        return ProjecaoSombra.nome(processador);
    }

    /**
     * Every half second on every node, on a thread of its own (a swap can take a while; the application's shared
     * scheduler must not wait for it): renew the leases this node holds, take over lapsed ones, start copies that
     * should run here and stop those that should not, and swap in those that caught up.
     */
    synchronized void acompanhar() {
        if (!ativo) {
            return;
        }
        try {
            Map<String, ConcessoesDeReconstrucao.Linha> minhas = new HashMap<>();
            for (ConcessoesDeReconstrucao.Linha linha : concessoes.emAndamento(concessao)) {
                if (concessoes.no().equals(linha.dono()) && concessoes.renovar(linha.nome())) {
                    minhas.put(linha.nome(), linha);
                } else if (linha.expirada() && concessoes.assumir(linha, modelos.de(linha.nome()))) {
                    LOG.warn("Reconstrução de {} assumida por este nó ({}): o nó {} deixou de renová-la; recomeça do"
                             + " primeiro evento", linha.nome(), concessoes.no(), linha.dono());
                    minhas.put(linha.nome(), linha);
                }
            }
            for (String nome : List.copyOf(locais.keySet())) {
                if (!minhas.containsKey(nome)) {
                    LOG.info("Reconstrução de {} deixa de correr neste nó", nome);
                    aposACarga.remove(nome);
                    locais.remove(nome).parar();
                }
            }
            for (String nome : List.copyOf(cargas.keySet())) {
                if (!minhas.containsKey(nome)) {
                    LOG.info("Carga em massa de {} deixa de correr neste nó", nome);
                    cargas.remove(nome).parar();
                }
            }
            for (String nome : minhas.keySet()) {
                avancar(nome);
            }
        } catch (RuntimeException erro) {
            LOG.error("Falha ao acompanhar as reconstruções de projeções", erro);
        }
    }

    private void avancar(String nome) {
        Optional<ModelosReconstruiveis.Modelo> modelo = modelos.de(nome);
        Optional<PooledStreamingEventProcessor> vivo =
                processamento.eventProcessor(nome, PooledStreamingEventProcessor.class);
        if (modelo.isEmpty() || vivo.isEmpty()) {
            concessoes.falhar(nome, "Este nó não tem o processador " + nome);
            return;
        }
        if (!esquemas.intacta(nome)) {
            // PostgreSQL restarted after a crash and emptied the unlogged copies: their tokens lie
            LOG.warn("As cópias de {} foram esvaziadas (o PostgreSQL reiniciou): a reconstrução recomeça do primeiro"
                     + " evento", nome);
            aposACarga.remove(nome);
            ProjecaoSombra perdida = locais.remove(nome);
            if (perdida != null) {
                perdida.parar();
            }
            FaseEmMassa.Execucao carga = cargas.remove(nome);
            if (carga != null) {
                carga.parar();
            }
            concessoes.recomecar(modelo.get());
            return;
        }
        FaseEmMassa.Execucao carga = cargas.get(nome);
        if (carga != null) {
            if (!carga.terminou()) {
                return;
            }
            cargas.remove(nome);
            Optional<Throwable> falha = carga.erro();
            if (falha.isPresent()) {
                LOG.error("Reconstrução de {} falhou na carga em massa", nome, falha.get());
                concessoes.falhar(nome, "A carga da cópia falhou; o modelo em uso não foi alterado (detalhes no log"
                                        + " do nó)");
                return;
            }
            if (!carga.concluida()) {
                // interrupted (copies emptied, or the rebuild moved): the next round sees why and acts on it
                return;
            }
        }
        ProjecaoSombra sombra = locais.get(nome);
        if (sombra == null) {
            Optional<CargaEmMassa> oferecida = emMassa.de(nome);
            if (carga == null && oferecida.isPresent() && guardados.de(ProjecaoSombra.nome(nome)).isEmpty()) {
                // a copy with no tokens yet is empty (abrir, assumir and recomecar left it so): load it in bulk first
                cargas.put(nome, emMassa.iniciar(modelo.get(), oferecida.get(), vivo.get().eventHandlerInvoker(),
                        concessoes.no(), segmentos(nome), this::logoAcompanhar));
                return;
            }
            locais.put(nome, iniciada(nome, vivo.get(), modelo.get()));
            if (carga != null) {
                aposACarga.put(nome, System.nanoTime() + ATENCAO_APOS_A_CARGA.toNanos());
                rodadaLogo();
            }
            return;
        }
        Optional<Throwable> erro = sombra.erro();
        if (erro.isPresent()) {
            LOG.error("Reconstrução de {} falhou ao aplicar um evento", nome, erro.get());
            aposACarga.remove(nome);
            locais.remove(nome).parar();
            concessoes.falhar(nome, "A projeção falhou ao aplicar um evento; o modelo em uso não foi alterado"
                                    + " (detalhes no log do nó)");
            return;
        }
        if (sombra.alcancouACabeca()) {
            aposACarga.remove(nome);
            Map<Integer, TrackingToken> emMemoria = sombra.posicoes();
            locais.remove(nome).parar();
            boolean trocou;
            try {
                trocou = troca.trocar(modelo.get(), vivo.get(), emMemoria);
            } catch (RuntimeException falha) {
                LOG.error("Reconstrução de {} falhou ao preparar ou trocar as tabelas", nome, falha);
                concessoes.falhar(nome, "A troca pelo modelo reconstruído falhou; o modelo em uso não foi alterado"
                                        + " (detalhes no log do nó)");
                return;
            }
            if (!trocou) {
                // the copy stopped cleanly at its stored tokens: start it again and retry on the next round
                locais.put(nome, iniciada(nome, vivo.get(), modelo.get()));
            }
            return;
        }
        Long ate = aposACarga.get(nome);
        if (ate != null && System.nanoTime() - ate < 0) {
            rodadaLogo();
        } else {
            aposACarga.remove(nome);
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
        return Math.max(1, guardados.de(nome).size());
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
        cargas.values().forEach(carga -> {
            try {
                carga.parar();
            } catch (RuntimeException erro) {
                LOG.warn("Carga em massa não parou a tempo", erro);
            }
        });
        cargas.clear();
        locais.values().forEach(sombra -> {
            try {
                sombra.parar();
            } catch (RuntimeException erro) {
                LOG.warn("Reconstrução não parou a tempo", erro);
            }
        });
        locais.clear();
        aposACarga.clear();
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
