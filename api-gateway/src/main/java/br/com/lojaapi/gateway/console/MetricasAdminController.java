package br.com.lojaapi.gateway.console;

import io.swagger.v3.oas.annotations.Hidden;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** The cluster's last hour for the console's charts, from the nodes' samples ({@link AmostrasDeMetricas}). */
@Hidden
@RestController
@RequestMapping(path = "/admin/metricas", produces = "application/json")
class MetricasAdminController {

    private final AmostrasDeMetricas amostras;

    MetricasAdminController(AmostrasDeMetricas amostras) {
        this.amostras = amostras;
    }

    @GetMapping("/historico")
    AmostrasDeMetricas.Historico historico() {
        return amostras.historico();
    }
}
