package br.com.lojaapi.query.comum;

import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Read-your-writes across nodes: after a command commits, the writer waits until the read model holds the
 * version the command produced, whichever node runs the projection. It reads all the rows it waits for once, in
 * one statement, then follows their change notifications ({@link AvisosDeLeitura}); it reads the rows still
 * missing again when the listening connection was re-established (notifications may have been lost meanwhile),
 * and otherwise only when no notification came for {@code loja.leitura.releitura-ms}, as a safety net.
 */
@Component
public class LeituraDaPropriaEscrita {

    private static final Logger log = LoggerFactory.getLogger(LeituraDaPropriaEscrita.class);

    private final VersoesProjetadas versoes;
    private final AvisosDeLeitura avisos;
    private final Duration limite;
    private final long relerNanos;
    private final Timer espera;

    public LeituraDaPropriaEscrita(VersoesProjetadas versoes,
                                   AvisosDeLeitura avisos,
                                   MeterRegistry metricas,
                                   @Value("${loja.leitura.limite:10s}") Duration limite,
                                   @Value("${loja.leitura.releitura-ms:1000}") long relerMs) {
        this.versoes = versoes;
        this.avisos = avisos;
        this.limite = limite;
        this.relerNanos = Duration.ofMillis(relerMs).toNanos();
        this.espera = Timer.builder("loja.leitura.espera")
                           .description("Espera de uma escrita até o modelo de leitura refleti-la")
                           .publishPercentileHistogram()
                           .register(metricas);
    }

    /** A read-model row a write changed, at the version to wait for. */
    public record Alvo(ModeloLeitura modelo, String id, long versao) {
    }

    /**
     * True once the read model holds {@code versao} (or later) of the resource, false when the bound ran out.
     * Removals too: read models keep a tombstone at the removal's version, because an absent row may equally be
     * one whose creation is not projected yet.
     */
    public boolean aguardarVersao(ModeloLeitura modelo, String lojaId, String id, long versao) {
        return aguardarVersoes(lojaId, List.of(new Alvo(modelo, id, versao)));
    }

    /** When a wait that starts now runs out: one bound shared by several waits (the writes of a batch). */
    public long prazo() {
        return System.nanoTime() + limite.toNanos();
    }

    /** True once the read models hold every row at its version (or later), false when the bound ran out. */
    public boolean aguardarVersoes(String lojaId, List<Alvo> alvos) {
        return aguardarVersoes(lojaId, alvos, prazo());
    }

    /**
     * {@link #aguardarVersoes(String, List)} until {@code prazo} ({@link System#nanoTime()}): once it has passed,
     * the rows are read once and not waited for.
     */
    public boolean aguardarVersoes(String lojaId, List<Alvo> alvos, long prazo) {
        Map<AvisosDeLeitura.Linha, Long> pendentes = new HashMap<>();
        alvos.forEach(a -> pendentes.merge(new AvisosDeLeitura.Linha(a.modelo(), a.id()), a.versao(), Math::max));
        long inicio = System.nanoTime();
        try (AvisosDeLeitura.Espera aviso = avisos.esperar(pendentes.keySet())) {
            ler(lojaId, pendentes);
            long releitura = System.nanoTime() + relerNanos;
            while (!pendentes.isEmpty()) {
                long agora = System.nanoTime();
                if (agora >= prazo) {
                    log.warn("Modelo de leitura não refletiu {} em {}", pendentes.keySet(), limite);
                    return false;
                }
                Optional<AvisosDeLeitura.Aviso> notificado = aviso.proximo(Math.min(prazo, releitura) - agora);
                if (notificado.isPresent() && !notificado.get().reler()) {
                    AvisosDeLeitura.Aviso mudanca = notificado.get();
                    AvisosDeLeitura.Linha linha = new AvisosDeLeitura.Linha(mudanca.modelo(), mudanca.id());
                    pendentes.computeIfPresent(linha, (l, versao) ->
                            mudanca.versao().filter(v -> v >= versao).isPresent() ? null : versao);
                } else {
                    ler(lojaId, pendentes);
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

    /** Drops from {@code pendentes} the rows the read models already hold at their version. */
    private void ler(String lojaId, Map<AvisosDeLeitura.Linha, Long> pendentes) {
        versoes.ler(lojaId, pendentes.keySet()).forEach((linha, atual) ->
                pendentes.computeIfPresent(linha, (l, versao) -> atual >= versao ? null : versao));
    }
}
