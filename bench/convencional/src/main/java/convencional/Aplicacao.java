package convencional;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;

/**
 * The bench's conventional baseline (bench/run.sh, scenario group custos): {@code POST /v1/pedidos},
 * {@code GET /v1/pedidos} and {@code GET /v1/produtos/{id}} as a team would write them without event sourcing:
 * Spring MVC, JdbcTemplate on HikariCP, Jackson, the token and quota checked in one statement per request
 * (decision 059), the order in one transaction of conditional stock updates, the order, its items and an outbox row.
 * The same JSON shapes and validation as the service; no cache the service is not allowed.
 */
@SpringBootApplication
public class Aplicacao {

    public static void main(String[] args) {
        SpringApplication.run(Aplicacao.class, args);
    }

    @Bean
    FilterRegistrationBean<Admissao> registroDaAdmissao(Admissao filtro) {
        FilterRegistrationBean<Admissao> registro = new FilterRegistrationBean<>(filtro);
        registro.addUrlPatterns("/v1/*");
        return registro;
    }
}
