package br.com.lojaapi.gateway.web;

import br.com.lojaapi.gateway.acesso.AutenticacaoFilter;
import br.com.lojaapi.gateway.acesso.TokenDeOperador;
import br.com.lojaapi.gateway.acesso.TokensDeAcesso;
import br.com.lojaapi.gateway.acesso.UsoDeTokens;
import br.com.lojaapi.gateway.erro.FalhaDoBancoFilter;
import br.com.lojaapi.gateway.erro.FalhasDoBanco;
import br.com.lojaapi.gateway.erro.RespostasDeErro;
import br.com.lojaapi.gateway.idempotencia.IdempotenciaFilter;
import br.com.lojaapi.gateway.idempotencia.RegistroDeIdempotencia;
import br.com.lojaapi.gateway.limite.LimiteDeRequisicoes;
import br.com.lojaapi.gateway.limite.LimiteDeRequisicoesFilter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.unit.DataSize;

import java.time.Clock;
import java.time.Duration;

/**
 * The request pipeline in front of every controller: an outage of the database turned into 503 around all of it,
 * then authentication, then quotas, then input limits. Limits come
 * last so that even a refused oversized body is authenticated, counted and answered with the quota headers,
 * and an anonymous client learns nothing but 401.
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
        FilterRegistrationBean<LimitesDeEntradaFilter> registro = new FilterRegistrationBean<>(
                new LimitesDeEntradaFilter(maximo.toBytes(), arquivos.toBytes(), erros));
        registro.addUrlPatterns("/v1/*", "/admin/*");
        registro.setOrder(3);
        return registro;
    }

    @Bean
    FilterRegistrationBean<FalhaDoBancoFilter> filtroDeFalhaDoBanco(FalhasDoBanco falhas, RespostasDeErro erros) {
        FilterRegistrationBean<FalhaDoBancoFilter> registro =
                new FilterRegistrationBean<>(new FalhaDoBancoFilter(falhas, erros));
        registro.addUrlPatterns("/v1/*", "/admin/*");
        registro.setOrder(0);
        return registro;
    }

    @Bean
    FilterRegistrationBean<AutenticacaoFilter> filtroDeAutenticacao(TokensDeAcesso tokens, UsoDeTokens uso,
                                                            TokenDeOperador operador, RespostasDeErro erros,
                                                            Clock relogio) {
        FilterRegistrationBean<AutenticacaoFilter> registro =
                new FilterRegistrationBean<>(new AutenticacaoFilter(tokens, uso, operador, erros, relogio));
        registro.addUrlPatterns("/v1/*", "/admin/*");
        registro.setOrder(1);
        return registro;
    }

    @Bean
    FilterRegistrationBean<LimiteDeRequisicoesFilter> filtroDeLimiteDeRequisicoes(LimiteDeRequisicoes limites,
                                                                          RespostasDeErro erros,
                                                                          MeterRegistry metricas) {
        FilterRegistrationBean<LimiteDeRequisicoesFilter> registro =
                new FilterRegistrationBean<>(new LimiteDeRequisicoesFilter(limites, erros, metricas));
        registro.addUrlPatterns("/v1/*");
        registro.setOrder(2);
        return registro;
    }

    /** Last: a request refused by authentication, quotas or input limits never claims its Idempotency-Key. */
    @Bean
    FilterRegistrationBean<IdempotenciaFilter> filtroDeIdempotencia(RegistroDeIdempotencia chaves,
                                                                    RespostasDeErro erros,
                                                                    MeterRegistry metricas) {
        FilterRegistrationBean<IdempotenciaFilter> registro =
                new FilterRegistrationBean<>(new IdempotenciaFilter(chaves, erros, metricas));
        registro.addUrlPatterns("/v1/*");
        registro.setOrder(4);
        return registro;
    }
}
