package br.com.lojaapi.gateway.objetos;

import br.com.lojaapi.command.armazenamento.ArmazenamentoDeObjetos;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.stereotype.Component;

/** Readiness includes the object storage: without it, product writes with images cannot succeed. */
@Component("objetos")
class SaudeDoArmazenamento implements HealthIndicator {

    private final ArmazenamentoDeObjetos armazenamento;

    SaudeDoArmazenamento(ArmazenamentoDeObjetos armazenamento) {
        this.armazenamento = armazenamento;
    }

    @Override
    public Health health() {
        return armazenamento.disponivel() ? Health.up().build() : Health.down().build();
    }
}
