package br.com.lojaapi.query.processamento.reconstrucao;

import br.com.lojaapi.query.processamento.PausasDeProcessadores;
import br.com.lojaapi.query.processamento.TokensGuardados;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventhandling.pooled.PooledStreamingEventProcessor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The end of a rebuild: a copy that caught up with the head takes the place of the live tables. What was written
 * since is applied to it ({@link AlcanceDaCopia}), the live processor stops for a moment on every node (here it is
 * stopped; the other nodes release its segments, {@link PausasDeProcessadores}), and one transaction locks the live
 * tables, applies to the copy whatever the live processors had committed beyond it, and swaps the copies in. The live
 * processors keep their positions and continue on the new tables. Readers wait for that transaction's few
 * milliseconds; none fails, none sees a half-built model and none misses a row the live tables had.
 */
@Component
class TrocaDasTabelas {

    private static final Logger LOG = LoggerFactory.getLogger(TrocaDasTabelas.class);

    private static final int TENTATIVAS = 10;
    /** How long the other nodes have to release the live processor's segments before the swap goes on without. */
    private static final Duration ESPERA_PELOS_OUTROS_NOS = Duration.ofSeconds(15);
    /** Longer than a swap can take (the waits above and in {@link #concluir}): the end of a pause whose node died. */
    private static final Duration PAUSA_MAXIMA = Duration.ofSeconds(90);

    private final Esquemas esquemas;
    private final AlcanceDaCopia alcance;
    private final PausasDeProcessadores pausas;
    private final ConcessoesDeReconstrucao concessoes;
    private final TokensGuardados tokens;
    private final JdbcTemplate jdbc;
    private final TransactionTemplate transacao;

    TrocaDasTabelas(Esquemas esquemas, AlcanceDaCopia alcance, PausasDeProcessadores pausas,
                    ConcessoesDeReconstrucao concessoes, TokensGuardados tokens, JdbcTemplate jdbc,
                    TransactionTemplate transacao) {
        this.esquemas = esquemas;
        this.alcance = alcance;
        this.pausas = pausas;
        this.concessoes = concessoes;
        this.tokens = tokens;
        this.jdbc = jdbc;
        this.transacao = transacao;
    }

    /**
     * Swaps in the copy of {@code modelo}, whose processor stopped with its segments at {@code emMemoria}. True when
     * done, or when the rebuild is no longer this node's; false when the live tables could not be locked in time
     * (nothing changed: the copy is to run on and try again). Throws when the swap failed; the live model is then
     * untouched. The live processor runs again here, and on the other nodes, whatever the outcome.
     */
    boolean trocar(ModelosReconstruiveis.Modelo modelo, PooledStreamingEventProcessor vivo,
                   Map<Integer, TrackingToken> emMemoria) {
        String nome = modelo.processador();
        boolean parado = false;
        boolean pausado = false;
        try {
            // the slow part (indexes, write-ahead log, statistics) while the live processor still runs
            esquemas.finalizar(modelo);
            if (!concessoes.renovar(nome)) {
                return true;
            }
            // what was written meanwhile, still without locks, so that little is left for the swap to apply
            long inicio = AlcanceDaCopia.inicio(posicaoDaCopia(nome, emMemoria));
            Long cabeca = jdbc.queryForObject("SELECT COALESCE(MAX(global_index), -1) FROM domain_event_entry",
                                              Long.class);
            long seguinte = transacao.execute(status -> alcance.aplicar(
                    nome, vivo.eventHandlerInvoker(), inicio, cabeca));
            // the live processor waits out the swap on every node, stopped here and without segments elsewhere:
            // a batch could not write the locked tables while holding its token row, which the swap reads (a
            // deadlock PostgreSQL would break by retry), and what another node committed after the catch-up
            // below would be written by the swap's own transaction, which is not safe (see there)
            pausas.pausar(nome, PAUSA_MAXIMA);
            pausado = true;
            parado = vivo.isRunning();
            parar(vivo);
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
                long proximo = alcance.aplicar(nome, vivo.eventHandlerInvoker(), seguinte, posicaoDosVivos(nome));
                marca[0] = jdbc.queryForObject("SELECT pg_current_xact_id()::xid::text", String.class);
                return proximo;
            });
            alcance.aguardarInstantaneosAnteriores(marca[0]);
            return concluir(modelo, vivo, depois);
        } finally {
            try {
                if (pausado) {
                    pausas.retomar(nome);
                }
            } finally {
                if (parado) {
                    vivo.start();
                }
            }
        }
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
        for (int tentativa = 1; tentativa <= TENTATIVAS; tentativa++) {
            try {
                Long eventos = transacao.execute(status -> {
                    // short: every reader queues behind a waiting ACCESS EXCLUSIVE request
                    jdbc.execute("SET LOCAL lock_timeout = '500ms'");
                    esquemas.travar(modelo);
                    if (!concessoes.aindaDesteNo(nome)) {
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
                    return concessoes.concluir(nome, ate);
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
        long maior = -1;
        for (TrackingToken token : tokens.de(nome).values()) {
            if (token != null) {
                maior = Math.max(maior, posicao(token));
            }
        }
        return maior;
    }

    /**
     * The lowest of the copy's segment positions, gaps included: the catch-up before the swap starts there. Each
     * segment's is the further of its stored token and where it stood in memory just before it stopped; both are
     * at or behind what it committed. Events the faster segments had handled are applied again, which the
     * projections' version guards make harmless.
     */
    private TrackingToken posicaoDaCopia(String nome, Map<Integer, TrackingToken> emMemoria) {
        Map<Integer, TrackingToken> porSegmento = new HashMap<>(tokens.de(ProjecaoSombra.nome(nome)));
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

    private static void dormir(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
