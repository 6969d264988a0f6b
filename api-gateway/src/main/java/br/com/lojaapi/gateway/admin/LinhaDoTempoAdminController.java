package br.com.lojaapi.gateway.admin;

import br.com.lojaapi.gateway.banco.PerdasDaLinhaDoTempo;
import br.com.lojaapi.gateway.banco.PerdasDaLinhaDoTempo.Perda;
import io.swagger.v3.oas.annotations.Hidden;
import io.swagger.v3.oas.annotations.Operation;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;

/**
 * What nodes found missing when the database went back in time (decision 073): the newest hundred findings, each
 * with the lost events the node remembered. Empty on a database that never did.
 */
@RestController
@RequestMapping(path = "/admin/linha-do-tempo", produces = "application/json")
@Hidden
class LinhaDoTempoAdminController {

    private static final int MOSTRADAS = 100;

    private final PerdasDaLinhaDoTempo perdas;

    LinhaDoTempoAdminController(PerdasDaLinhaDoTempo perdas) {
        this.perdas = perdas;
    }

    record Lista(List<Perda> perdas) {
    }

    @GetMapping
    @Operation(operationId = "listarPerdasDaLinhaDoTempo")
    Lista listar() {
        return new Lista(perdas.recentes(MOSTRADAS));
    }
}
