package br.com.lojaapi.gateway.web;

import br.com.lojaapi.gateway.banco.EscritasDosTokens;
import br.com.lojaapi.gateway.banco.ReplicasDeLeitura;
import br.com.lojaapi.gateway.erro.ErroSemCorpoFilter;
import br.com.lojaapi.gateway.erro.FalhaDoBancoFilter;
import br.com.lojaapi.gateway.erro.FalhasDoBanco;
import br.com.lojaapi.gateway.erro.RespostasDeErro;
import br.com.lojaapi.gateway.idempotencia.IdempotenciaFilter;
import br.com.lojaapi.gateway.idempotencia.ChavesDeIdempotencia;
import br.com.lojaapi.gateway.leitura.LeituraEmReplicaFilter;
import br.com.lojaapi.gateway.limite.LimiteDeRequisicoesFilter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.Filter;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.util.unit.DataSize;

import java.time.Clock;
import java.time.Duration;

/**
 * The request pipeline in front of every controller: an outage of the database turned into 503 around all of it
 * (0), then Spring Security's chain with authentication and authorization ({@code spring.security.filter.order} 1,
 * see {@code ConfiguracaoDeSeguranca}), then quotas (2), then input limits (3), then idempotency (4), then, with
 * read replicas, the choice of server for a store read (last). Limits come after security so that even a refused
 * oversized body is authenticated, counted and answered with the quota headers, and an anonymous client learns
 * nothing but 401.
 */
@Configuration(proxyBeanMethods = false)
public class ConfiguracaoDeFiltros {

    /** The service's clock, at millisecond precision: what the API shows is what PostgreSQL stores. */
    @Bean
    Clock relogio() {
        return Clock.tick(Clock.systemUTC(), Duration.ofMillis(1));
    }

    @Bean
    FilterRegistrationBean<LimitesDeEntradaFilter> filtroDeLimitesDeEntrada(RespostasDeErro erros,
                                          @Value("${loja.http.corpo-maximo:1MB}") DataSize maximo,
                                          @Value("${loja.http.corpo-maximo-arquivos:16MB}") DataSize arquivos) {
        return aplicado(new LimitesDeEntradaFilter(maximo.toBytes(), arquivos.toBytes(), erros), 3,
                "/v1/*", "/admin/*");
    }

    @Bean
    FilterRegistrationBean<FalhaDoBancoFilter> filtroDeFalhaDoBanco(FalhasDoBanco falhas, RespostasDeErro erros) {
        return aplicado(new FalhaDoBancoFilter(falhas, erros), 0, "/v1/*", "/admin/*");
    }

    @Bean
    FilterRegistrationBean<LimiteDeRequisicoesFilter> filtroDeLimiteDeRequisicoes(RespostasDeErro erros,
                                                                          MeterRegistry metricas) {
        return aplicado(new LimiteDeRequisicoesFilter(erros, metricas), 2, "/v1/*", "/admin/*");
    }

    /** Last: a request refused by authentication, quotas or input limits never claims its Idempotency-Key. */
    @Bean
    FilterRegistrationBean<IdempotenciaFilter> filtroDeIdempotencia(ChavesDeIdempotencia chaves,
                                                                    RespostasDeErro erros,
                                                                    MeterRegistry metricas) {
        return aplicado(new IdempotenciaFilter(chaves, erros, metricas), 4, "/v1/*");
    }

    /**
     * Innermost, and only with read replicas configured (decision 074): a store read served from a replica when
     * one is current enough for its token, else from the primary, and a token's write recorded for its next reads.
     * Without replicas it is not installed at all.
     */
    @Bean
    FilterRegistrationBean<LeituraEmReplicaFilter> filtroDeLeituraEmReplica(ReplicasDeLeitura replicas,
                                                                            EscritasDosTokens escritas,
                                                                            MeterRegistry metricas) {
        FilterRegistrationBean<LeituraEmReplicaFilter> filtro = aplicado(
                new LeituraEmReplicaFilter(replicas, escritas, metricas), Ordered.LOWEST_PRECEDENCE, "/v1/*");
        filtro.setEnabled(replicas.ativas());
        return filtro;
    }

    /** Inside security: an anonymous or store caller never gets this far on {@code /actuator}. */
    @Bean
    FilterRegistrationBean<ErroSemCorpoFilter> filtroDeErroSemCorpo(RespostasDeErro erros) {
        return aplicado(new ErroSemCorpoFilter(erros), 2, "/actuator/*");
    }

    /** {@code filtro} at position {@code ordem} of the pipeline, for the requests under {@code caminhos}. */
    private static <F extends Filter> FilterRegistrationBean<F> aplicado(F filtro, int ordem, String... caminhos) {
        FilterRegistrationBean<F> aplicado = new FilterRegistrationBean<>(filtro);
        aplicado.addUrlPatterns(caminhos);
        aplicado.setOrder(ordem);
        return aplicado;
    }
}
