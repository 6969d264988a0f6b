package br.com.lojaapi.gateway.axon;

import org.axonframework.config.Configuration;
import org.axonframework.queryhandling.LoggingQueryInvocationErrorHandler;
import org.axonframework.queryhandling.QueryBus;
import org.axonframework.queryhandling.QueryBusSpanFactory;
import org.axonframework.queryhandling.QueryInvocationErrorHandler;
import org.axonframework.queryhandling.QueryUpdateEmitter;
import org.axonframework.queryhandling.SimpleQueryBus;
import org.springframework.context.annotation.Bean;

/**
 * Axon's query bus as its Spring Boot auto-configuration builds it, except that a query does not open a transaction
 * of its own. Every read model query is one statement, or several that need no common snapshot (PostgreSQL's READ
 * COMMITTED gives each statement its own snapshot inside a transaction too), so the transaction bought nothing but
 * a {@code BEGIN}, a {@code COMMIT} and a JPA session per request. Reads that must share one snapshot (a tag and its
 * body) open their REPEATABLE READ transaction around the query themselves, and the query then runs inside it.
 */
@org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
class ConfiguracaoDoBarramentoDeConsultas {

    @Bean
    SimpleQueryBus queryBus(Configuration axon) {
        return SimpleQueryBus.builder()
                             .messageMonitor(axon.messageMonitor(QueryBus.class, "queryBus"))
                             .errorHandler(axon.getComponent(QueryInvocationErrorHandler.class,
                                     () -> LoggingQueryInvocationErrorHandler.builder().build()))
                             .queryUpdateEmitter(axon.getComponent(QueryUpdateEmitter.class))
                             .spanFactory(axon.getComponent(QueryBusSpanFactory.class))
                             .build();
    }
}
