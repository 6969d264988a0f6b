package br.com.lojaapi.gateway.web;

import br.com.lojaapi.query.comum.LeituraInstantanea;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

import java.util.List;

/** Hands GET handlers a {@link RespostaCondicional} for their request. */
@Configuration(proxyBeanMethods = false)
class RespostaCondicionalResolver implements WebMvcConfigurer {

    private final ObjectProvider<QueryGateway> consultas;
    private final ObjectProvider<PlatformTransactionManager> transacoes;
    private final ObjectProvider<JdbcTemplate> jdbc;
    private volatile LeituraInstantanea leitura;
    private volatile QueryGateway gateway;

    // Providers: MVC configurers are built early, before the Axon and JPA beans need to exist.
    RespostaCondicionalResolver(ObjectProvider<QueryGateway> consultas,
                                ObjectProvider<PlatformTransactionManager> transacoes,
                                ObjectProvider<JdbcTemplate> jdbc) {
        this.consultas = consultas;
        this.transacoes = transacoes;
        this.jdbc = jdbc;
    }

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(ArgumentoPorTipo.de(RespostaCondicional.class,
                requisicao -> new RespostaCondicional(requisicao, gateway(), leitura())));
    }

    /**
     * The query gateway, looked up in the context once: asking the provider for every GET resolved the bean again
     * each time (1.5% of the CPU of a product read, JFR).
     */
    private QueryGateway gateway() {
        QueryGateway atual = gateway;
        if (atual == null) {
            atual = consultas.getObject();
            gateway = atual;
        }
        return atual;
    }

    private LeituraInstantanea leitura() {
        LeituraInstantanea instantanea = leitura;
        if (instantanea == null) {
            instantanea = new LeituraInstantanea(transacoes.getObject(), jdbc.getObject());
            leitura = instantanea;
        }
        return instantanea;
    }
}
