package br.com.lojaapi.gateway.acesso;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Failed authentications per client address, answered before any database work. Each address may fail
 * {@code AUTH_FAILURES_PER_MINUTE} times in a burst, refilled at that rate; once it has none left, a request from it
 * that would have a token checked (looked up in the database, or compared with the operator's) is refused with 429
 * without either, unless it is a token this node has seen valid in the last minutes: those still go through, so one store's revoked token retried in a loop by an integration hub does not lock out the hub's other
 * stores; they are still looked up, charged and, if revoked since, refused.
 *
 * <p>Per node and in memory on purpose: counting in the database would be the work the limit exists to avoid. With
 * N nodes an address gets N times the budget, still a few guesses a second against 256-bit tokens. Both maps are
 * bounded: an attacker spraying addresses evicts old entries, gaining fresh budgets but never memory.
 */
@Component
public class FalhasDeAutenticacao {

    private static final Duration JANELA = Duration.ofMinutes(1);

    private final long porMinuto;
    private final Cache<String, Bucket> porEndereco;
    private final Cache<ByteBuffer, Boolean> validosHaPouco;
    private final Counter recusas;

    FalhasDeAutenticacao(@Value("${loja.acesso.falhas-por-minuto:20}") long porMinuto,
                         @Value("${loja.acesso.enderecos-lembrados:100000}") long enderecos,
                         MeterRegistry metricas) {
        if (porMinuto < 1) {
            throw new IllegalStateException("AUTH_FAILURES_PER_MINUTE deve ser positivo");
        }
        this.porMinuto = porMinuto;
        this.porEndereco = CacheBuilder.newBuilder().maximumSize(enderecos)
                                       .expireAfterAccess(JANELA.multipliedBy(2)).build();
        this.validosHaPouco = CacheBuilder.newBuilder().maximumSize(100_000)
                                          .expireAfterWrite(10, TimeUnit.MINUTES).build();
        this.recusas = Counter.builder("loja.acesso.recusas")
                              .description("Requisições recusadas com 429 por falhas de autenticação do endereço")
                              .register(metricas);
    }

    /** Failures an address may have in a burst, and per minute after it. */
    long porMinuto() {
        return porMinuto;
    }

    /**
     * Seconds until the address may try again, or 0 when it may try now. A token this node has seen valid lately
     * (by its SHA-256, {@code hashDoToken}) may always try.
     */
    long esperaPara(String endereco, byte[] hashDoToken) {
        Bucket balde = porEndereco.getIfPresent(endereco);
        if (balde == null || balde.getAvailableTokens() > 0) {
            return 0;
        }
        if (hashDoToken != null && validosHaPouco.getIfPresent(ByteBuffer.wrap(hashDoToken)) != null) {
            return 0;
        }
        recusas.increment();
        long nanos = balde.estimateAbilityToConsume(1).getNanosToWaitForRefill();
        return Math.max(1, TimeUnit.NANOSECONDS.toSeconds(nanos + TimeUnit.SECONDS.toNanos(1) - 1));
    }

    /** A failed authentication from {@code endereco}; the token that failed is no longer taken as valid. */
    void falhou(String endereco, byte[] hashDoToken) {
        if (hashDoToken != null) {
            validosHaPouco.invalidate(ByteBuffer.wrap(hashDoToken));
        }
        try {
            porEndereco.get(endereco, this::novoBalde).tryConsume(1);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    /** A token just found valid (by the database, or as the operator's). */
    void valido(byte[] hashDoToken) {
        validosHaPouco.put(ByteBuffer.wrap(hashDoToken), Boolean.TRUE);
    }

    private Bucket novoBalde() {
        return Bucket.builder()
                     .addLimit(Bandwidth.builder().capacity(porMinuto).refillGreedy(porMinuto, JANELA).build())
                     .build();
    }
}
