package br.com.lojaapi.query.comum;

import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.comum.VersaoProjetadaQuery;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Read-your-writes across nodes: after a command commits, the writer waits until the read model holds the
 * version the command produced, whichever node runs the projection. It reads the row once, then follows the
 * row's change notifications ({@link AvisosDeLeitura}); it reads the row again only if no notification came for
 * {@code loja.leitura.releitura-ms}, in case one was lost while the listening connection was down.
 */
@Component
public class LeituraDaPropriaEscrita {

    private static final Logger log = LoggerFactory.getLogger(LeituraDaPropriaEscrita.class);

    private final QueryGateway consultas;
    private final AvisosDeLeitura avisos;
    private final Duration limite;
    private final long relerNanos;
    private final Timer espera;

    public LeituraDaPropriaEscrita(QueryGateway consultas,
                                   AvisosDeLeitura avisos,
                                   MeterRegistry metricas,
                                   @Value("${loja.leitura.limite:10s}") Duration limite,
                                   @Value("${loja.leitura.releitura-ms:100}") long relerMs) {
        this.consultas = consultas;
        this.avisos = avisos;
        this.limite = limite;
        this.relerNanos = Duration.ofMillis(relerMs).toNanos();
        this.espera = Timer.builder("loja.leitura.espera")
                           .description("Espera de uma escrita até o modelo de leitura refleti-la")
                           .publishPercentileHistogram()
                           .register(metricas);
    }

    /**
     * True once the read model holds {@code versao} (or later) of the resource, false when the bound ran out.
     * Removals too: read models keep a tombstone at the removal's version, because an absent row may equally be
     * one whose creation is not projected yet.
     */
    public boolean aguardarVersao(ModeloLeitura modelo, String lojaId, String id, long versao) {
        return aguardarVersao(modelo, lojaId, id, versao, prazo());
    }

    /** When a wait that starts now runs out: one bound shared by several waits (the writes of a batch). */
    public long prazo() {
        return System.nanoTime() + limite.toNanos();
    }

    /**
     * {@link #aguardarVersao(ModeloLeitura, String, String, long)} until {@code prazo} ({@link System#nanoTime()}):
     * once it has passed, the row is read once and not waited for.
     */
    public boolean aguardarVersao(ModeloLeitura modelo, String lojaId, String id, long versao, long prazo) {
        Predicate<Optional<Long>> pronto = atual -> atual.isPresent() && atual.get() >= versao;
        long inicio = System.nanoTime();
        try (AvisosDeLeitura.Espera aviso = avisos.esperar(modelo, id)) {
            Optional<Long> atual = versaoProjetada(modelo, lojaId, id);
            long releitura = System.nanoTime() + relerNanos;
            while (!pronto.test(atual)) {
                long agora = System.nanoTime();
                if (agora >= prazo) {
                    log.warn("Modelo de leitura {} não refletiu {} em {}", modelo, id, limite);
                    return false;
                }
                Optional<Optional<Long>> notificado = aviso.proximo(Math.min(prazo, releitura) - agora);
                if (notificado.isPresent()) {
                    atual = notificado.get();
                } else {
                    atual = versaoProjetada(modelo, lojaId, id);
                    releitura = System.nanoTime() + relerNanos;
                }
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            espera.record(Duration.ofNanos(System.nanoTime() - inicio));
        }
    }

    private Optional<Long> versaoProjetada(ModeloLeitura modelo, String lojaId, String id) {
        return consultas.query(new VersaoProjetadaQuery(lojaId, modelo, id), ResponseTypes.optionalInstanceOf(Long.class))
                        .join();
    }
}
