package br.com.lojaapi.gateway.web;

import org.axonframework.queryhandling.QueryGateway;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

import java.util.List;

/** Hands GET handlers a {@link RespostaCondicional} for their request. */
@Configuration(proxyBeanMethods = false)
class RespostaCondicionalResolver implements WebMvcConfigurer {

    private final ObjectProvider<QueryGateway> consultas;
    private final ObjectProvider<PlatformTransactionManager> transacoes;
    private volatile TransactionTemplate leitura;

    // Providers: MVC configurers are built early, before the Axon and JPA beans need to exist.
    RespostaCondicionalResolver(ObjectProvider<QueryGateway> consultas,
                                ObjectProvider<PlatformTransactionManager> transacoes) {
        this.consultas = consultas;
        this.transacoes = transacoes;
    }

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(ArgumentoPorTipo.de(RespostaCondicional.class,
                requisicao -> new RespostaCondicional(requisicao, consultas.getObject(), leitura())));
    }

    private TransactionTemplate leitura() {
        TransactionTemplate template = leitura;
        if (template == null) {
            template = new TransactionTemplate(transacoes.getObject());
            template.setReadOnly(true);
            template.setIsolationLevel(TransactionDefinition.ISOLATION_REPEATABLE_READ);
            leitura = template;
        }
        return template;
    }
}
