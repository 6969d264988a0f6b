package br.com.lojaapi.gateway.limite;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.distributed.BucketProxy;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.jdbc.PrimaryKeyMapper;
import io.github.bucket4j.postgresql.PostgreSQLSelectForUpdateBasedProxyManager;
import io.github.bucket4j.postgresql.Bucket4jPostgreSQL;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

import javax.sql.DataSource;
import java.time.Duration;

/**
 * Per-token quotas, kept by Bucket4j in PostgreSQL so every node draws from the same buckets (row lock per
 * bucket). Each token has two buckets refilled in full once a minute: all requests, and writes. A write takes from
 * both; a refused request costs nothing.
 */
@Component
public class LimiteDeRequisicoes {

    private static final Duration JANELA = Duration.ofMinutes(1);

    private final PostgreSQLSelectForUpdateBasedProxyManager<String> buckets;
    private final BucketConfiguration configTotal;
    private final BucketConfiguration configEscrita;
    private final long limiteTotal;
    private final long limiteEscrita;

    LimiteDeRequisicoes(DataSource dataSource,
                        @Value("${loja.limite.por-minuto:180}") long limiteTotal,
                        @Value("${loja.limite.escritas-por-minuto:90}") long limiteEscrita) {
        if (limiteTotal < 1 || limiteEscrita < 1) {
            throw new IllegalStateException("RATE_LIMIT_PER_MINUTE e RATE_LIMIT_WRITES_PER_MINUTE devem ser positivos");
        }
        this.limiteTotal = limiteTotal;
        this.limiteEscrita = limiteEscrita;
        this.configTotal = porMinuto(limiteTotal);
        this.configEscrita = porMinuto(limiteEscrita);
        this.buckets = Bucket4jPostgreSQL.selectForUpdateBasedBuilder(dataSource)
                                         .primaryKeyMapper(PrimaryKeyMapper.STRING)
                                         .table("limite_requisicoes")
                                         .idColumn("id")
                                         .stateColumn("estado")
                                         .expiresAtColumn("expira_em")
                                         .expirationAfterWrite(
                                                 ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(JANELA))
                                         .build();
    }

    private static BucketConfiguration porMinuto(long limite) {
        return BucketConfiguration.builder()
                                  .addLimit(Bandwidth.builder().capacity(limite).refillIntervally(limite, JANELA)
                                                     .initialTokens(limite).build())
                                  .build();
    }

    /** What the response headers report; {@code permitido} false means 429. */
    public record Decisao(boolean permitido, long limite, long restantes, long segundosParaReiniciar,
                          long segundosParaTentarDeNovo, boolean porEscrita, long limiteEscrita,
                          long restantesEscrita) {
    }

    public Decisao consumir(String tokenId, boolean escrita) {
        BucketProxy total = buckets.getProxy("t:" + tokenId, () -> configTotal);
        ConsumptionProbe geral = total.tryConsumeAndReturnRemaining(1);
        if (!geral.isConsumed()) {
            long espera = segundos(geral.getNanosToWaitForRefill());
            return new Decisao(false, limiteTotal, 0, espera, espera, false, limiteEscrita, -1);
        }
        if (!escrita) {
            return new Decisao(true, limiteTotal, geral.getRemainingTokens(), segundos(geral.getNanosToWaitForReset()),
                    0, false, limiteEscrita, -1);
        }
        BucketProxy escritas = buckets.getProxy("e:" + tokenId, () -> configEscrita);
        ConsumptionProbe deEscrita = escritas.tryConsumeAndReturnRemaining(1);
        if (!deEscrita.isConsumed()) {
            total.addTokens(1);
            long espera = segundos(deEscrita.getNanosToWaitForRefill());
            return new Decisao(false, limiteTotal, 0, espera, espera, true, limiteEscrita, 0);
        }
        boolean escritaLimita = deEscrita.getRemainingTokens() < geral.getRemainingTokens();
        ConsumptionProbe limitante = escritaLimita ? deEscrita : geral;
        return new Decisao(true, limiteTotal, limitante.getRemainingTokens(),
                segundos(limitante.getNanosToWaitForReset()), 0, true, limiteEscrita, deEscrita.getRemainingTokens());
    }

    /** Buckets idle for longer than a window hold nothing worth keeping. */
    @Scheduled(fixedDelay = 60_000, initialDelay = 60_000)
    void limparExpirados() {
        while (buckets.removeExpired(1000) > 0) {
            // keep going until a batch comes back empty
        }
    }

    private static long segundos(long nanos) {
        return Math.max(1, (nanos + 999_999_999L) / 1_000_000_000L);
    }
}
