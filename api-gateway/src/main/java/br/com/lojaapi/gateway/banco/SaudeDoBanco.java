package br.com.lojaapi.gateway.banco;

import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * Readiness includes the database as {@link DisponibilidadeDoBanco} sees it: DOWN from the moment an outage is
 * confirmed until the probe finds the server again. It answers at once and logs nothing, unlike Spring Boot's
 * {@code db} indicator (turned off), which would wait for the pool and log a stack trace at every probe of the
 * load balancer. Every node uses the database all the time (event processors, scheduler polls), so an outage is
 * noticed within about a second even without requests.
 */
@Component("banco")
class SaudeDoBanco implements HealthIndicator {

    private final DisponibilidadeDoBanco banco;

    SaudeDoBanco(DisponibilidadeDoBanco banco) {
        this.banco = banco;
    }

    @Override
    public Health health() {
        return banco.disponivel() ? Health.up().build() : Health.down().build();
    }
}
