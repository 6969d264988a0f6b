package br.com.lojaapi.query.processamento;

import org.axonframework.eventhandling.pooled.MaxSegmentProvider;
import org.axonframework.eventhandling.pooled.PooledStreamingEventProcessor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.time.Duration;

/**
 * How the segments of each pooled streaming processor are shared among the running nodes, through Axon's own
 * {@link MaxSegmentProvider}: at every look for segments ({@code tokenClaimInterval}) a processor's coordinator asks
 * how many it may hold, claims free ones up to that and releases any above it, which the other nodes then claim.
 * The answer is the fair share, the processor's segment count divided by the live nodes ({@link NosEmExecucao}),
 * rounded up so that together they always cover every segment; none while the processor is paused on every node.
 * <p>
 * A node that dies keeps its claims until they time out ({@code claimTimeout}): the survivors' share grows once its
 * heartbeat is older than {@code loja.nos.ausencia}, and they take its segments at their first look after both.
 * Claims are renewed every {@code renovacao} (by the coordinator as well while a batch runs long), so a live node
 * never loses one it holds; the timings are checked against each other here.
 */
@Component
public class DivisaoDeSegmentos implements MaxSegmentProvider {

    private static final Logger LOG = LoggerFactory.getLogger(DivisaoDeSegmentos.class);

    private final NosEmExecucao nos;
    private final Duration intervalo;
    private final Duration renovacao;

    DivisaoDeSegmentos(NosEmExecucao nos,
                       @Value("${axon.eventhandling.tokenstore.claim-timeout:10s}") Duration claimTimeout,
                       @Value("${loja.processadores.intervalo-de-reivindicacao:1s}") Duration intervalo,
                       @Value("${loja.processadores.renovacao-da-reivindicacao:1s}") Duration renovacao,
                       @Value("${loja.nos.batimento:1s}") Duration batimento,
                       @Value("${loja.nos.ausencia:4s}") Duration ausencia) {
        this.nos = nos;
        this.intervalo = intervalo;
        this.renovacao = renovacao;
        // an idle segment's claim is renewed at the coordinator's first run after the threshold, and an idle
        // coordinator runs every min(threshold, interval): two such periods must fit in the claim timeout
        Duration periodo = renovacao.plus(renovacao.compareTo(intervalo) < 0 ? renovacao : intervalo);
        if (periodo.multipliedBy(2).compareTo(claimTimeout) > 0) {
            throw new IllegalStateException("loja.processadores.renovacao-da-reivindicacao (" + renovacao + ") é"
                    + " longa demais para o tempo de reivindicação (" + claimTimeout + "): um nó vivo perderia os"
                    + " segmentos que processa");
        }
        if (batimento.multipliedBy(2).compareTo(ausencia) > 0) {
            throw new IllegalStateException("loja.nos.ausencia (" + ausencia + ") deve ser ao menos o dobro de"
                    + " loja.nos.batimento (" + batimento + ")");
        }
        Duration maior = claimTimeout.compareTo(ausencia.plus(batimento)) > 0 ? claimTimeout : ausencia.plus(batimento);
        LOG.info("Segmentos divididos entre os nós; os de um nó que morre passam aos outros em até {}",
                 maior.plus(intervalo));
    }

    @Override
    public int getMaxSegments(String processador) {
        return parte(nos.leitura().orElse(null), processador);
    }

    /**
     * A processor's share in a reading: none while it is paused; without a reading, or for a processor whose
     * segments do not exist yet, no limit until the next reading.
     */
    static int parte(NosEmExecucao.Leitura leitura, String processador) {
        if (leitura == null) {
            return Short.MAX_VALUE;
        }
        if (leitura.pausados().contains(processador)) {
            return 0;
        }
        Integer segmentos = leitura.segmentos().get(processador);
        int nos = leitura.vivos().size();
        if (segmentos == null || nos == 0) {
            return Short.MAX_VALUE;
        }
        return (segmentos + nos - 1) / nos;
    }

    /** Applied to every pooled streaming processor's builder. */
    public PooledStreamingEventProcessor.Builder configurar(PooledStreamingEventProcessor.Builder builder) {
        return builder.maxSegmentProvider(this)
                      .tokenClaimInterval(intervalo.toMillis())
                      .claimExtensionThreshold(renovacao.toMillis())
                      .enableCoordinatorClaimExtension();
    }
}
