package br.com.lojaapi.query.processamento;

import org.axonframework.common.AxonThreadFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.ApplicationListener;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The nodes sharing this database, as this node sees them. Every {@code loja.nos.batimento} it renews its row in
 * {@code no_em_execucao} and reads, in the same round: which nodes renewed theirs within {@code loja.nos.ausencia}
 * (by the database's clock, so nodes with skewed clocks agree), how many segments each event processor has, and
 * which processors are paused. {@link DivisaoDeSegmentos} answers Axon's coordinators from the latest reading,
 * without a query of its own; when the database cannot be read the previous reading stands (quietly through an
 * outage, which the application's watch on the database logs, {@link QuedaDoBanco}), and a round runs as soon as it
 * is back (the watch calls {@link #bater()}).
 * <p>
 * The row goes as soon as the application starts to close, before its processors stop and release their claims,
 * so the other nodes widen their share at once and claim the released segments at their next look.
 */
@Component
public class NosEmExecucao implements SmartLifecycle, ApplicationListener<ContextClosedEvent> {

    private static final Logger LOG = LoggerFactory.getLogger(NosEmExecucao.class);
    /** Rows of nodes gone for longer than this are deleted: restarts leave one each (ids are never reused). */
    private static final Duration ESQUECIMENTO = Duration.ofDays(1);
    /**
     * The event model this node writes and reads, kept in its row. It goes up when a node of the previous model
     * cannot share the database with this one: 2 since decision 075 (a delivery's start schedules its first attempt
     * and a successful attempt ends it, without events of their own; a node of model 1, whose rows say nothing,
     * would send such a delivery and fail to record it).
     */
    static final int MODELO = 2;

    private final JdbcTemplate jdbc;
    private final QuedaDoBanco queda;
    private final String id;
    private final Duration batimento;
    private final Duration ausencia;
    private volatile Leitura leitura;
    private volatile ScheduledExecutorService agenda;
    private boolean saindo;
    private boolean falhando;
    private Instant ultimaLimpeza;

    NosEmExecucao(JdbcTemplate jdbc, QuedaDoBanco queda, IdentidadeDoNo identidade,
                  @Value("${loja.nos.batimento:1s}") Duration batimento,
                  @Value("${loja.nos.ausencia:4s}") Duration ausencia) {
        this.jdbc = jdbc;
        this.queda = queda;
        this.id = identidade.id();
        this.batimento = batimento;
        this.ausencia = ausencia;
    }

    /** A running node: its id, when it started and when it last renewed its row. */
    /** One round's reading: the live nodes (this one included), each processor's segment count, the paused ones. */
    record Leitura(List<NoEmExecucao> vivos, Map<String, Integer> segmentos, Set<String> pausados) {
    }

    /** The live nodes of the latest reading, this one included, oldest first. */
    public List<NoEmExecucao> vivos() {
        Leitura atual = leitura;
        return atual == null ? List.of() : atual.vivos();
    }

    Optional<Leitura> leitura() {
        return Optional.ofNullable(leitura);
    }

    /**
     * One round now: renew this node's row and read again. Also called when a pause starts or ends here, and when
     * the database returns after an outage.
     */
    public synchronized void bater() {
        if (saindo) {
            return;
        }
        try {
            jdbc.update("""
                    INSERT INTO no_em_execucao (id, iniciado_em, visto_em, modelo) VALUES (?, now(), now(), ?)
                    ON CONFLICT (id) DO UPDATE SET visto_em = now()""", id, MODELO);
            List<NoEmExecucao> vivos = jdbc.query("""
                    SELECT id, iniciado_em, visto_em FROM no_em_execucao
                     WHERE visto_em > now() - make_interval(secs => ?) ORDER BY iniciado_em, id""",
                    (rs, i) -> new NoEmExecucao(rs.getString(1), rs.getTimestamp(2).toInstant(), rs.getTimestamp(3).toInstant()),
                    ausencia.toMillis() / 1000.0);
            Map<String, Integer> segmentos = new HashMap<>();
            jdbc.query("SELECT processor_name, count(*) FROM token_entry GROUP BY processor_name",
                       rs -> {
                           segmentos.put(rs.getString(1), rs.getInt(2));
                       });
            Set<String> pausados = new HashSet<>(jdbc.queryForList(
                    "SELECT processador FROM pausa_de_processador WHERE ate > now()", String.class));
            leitura = new Leitura(List.copyOf(vivos), Map.copyOf(segmentos), Set.copyOf(pausados));
            esquecerAntigos();
            if (falhando) {
                LOG.info("Linha deste nó em no_em_execucao renovada de novo ({} nós em execução)", vivos.size());
                falhando = false;
            }
        } catch (DataAccessException erro) {
            if (!falhando && !queda.explica(erro)) {
                LOG.warn("Linha deste nó em no_em_execucao não renovada; a divisão de segmentos segue a última leitura: {}",
                         erro.getMessage());
                falhando = true;
            }
        }
    }

    private void esquecerAntigos() {
        Instant agora = Instant.now();
        if (ultimaLimpeza == null || Duration.between(ultimaLimpeza, agora).toMinutes() >= 1) {
            ultimaLimpeza = agora;
            jdbc.update("DELETE FROM no_em_execucao WHERE visto_em < now() - make_interval(secs => ?)",
                        (double) ESQUECIMENTO.toSeconds());
        }
    }

    /**
     * The first round before the processors start, so that they claim their share from the start; but first, no
     * node of an earlier model may be running on this database (see {@link #MODELO}): this node then refuses to
     * start, naming them, rather than lose their deliveries' records.
     */
    @Override
    public void start() {
        List<String> anteriores = jdbc.queryForList("""
                SELECT id FROM no_em_execucao
                 WHERE visto_em > now() - make_interval(secs => ?) AND id <> ? AND (modelo IS NULL OR modelo < ?)
                 ORDER BY id""", String.class, ausencia.toMillis() / 1000.0, id, MODELO);
        if (!anteriores.isEmpty()) {
            throw new IllegalStateException("Nós de uma versão anterior ainda usam este banco: " + anteriores
                    + ". Pare-os antes de iniciar esta versão: uma entrega começada por ela e enviada por um deles não"
                    + " seria registrada (decisão 075; docs/operacao/runbook.md)");
        }
        bater();
        ScheduledExecutorService nova = Executors.newSingleThreadScheduledExecutor(new AxonThreadFactory("nos-em-execucao"));
        nova.scheduleWithFixedDelay(this::bater, batimento.toMillis(), batimento.toMillis(), TimeUnit.MILLISECONDS);
        agenda = nova;
    }

    @Override
    public void onApplicationEvent(ContextClosedEvent evento) {
        sair();
    }

    @Override
    public void stop() {
        sair();
    }

    private void sair() {
        ScheduledExecutorService atual = agenda;
        if (atual != null) {
            atual.shutdownNow();
        }
        synchronized (this) {
            if (saindo) {
                return;
            }
            saindo = true;
            try {
                jdbc.update("DELETE FROM no_em_execucao WHERE id = ?", id);
            } catch (DataAccessException erro) {
                LOG.warn("Linha deste nó em no_em_execucao não apagada; os outros o darão por parado em {}: {}", ausencia,
                         erro.getMessage());
            }
        }
    }

    @Override
    public boolean isRunning() {
        return agenda != null && !saindo;
    }

    /** Before Axon's processors (which start at a phase near the top) and stopped after them. */
    @Override
    public int getPhase() {
        return 0;
    }
}
