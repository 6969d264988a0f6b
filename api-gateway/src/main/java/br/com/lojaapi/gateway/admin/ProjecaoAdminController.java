package br.com.lojaapi.gateway.admin;

import br.com.lojaapi.gateway.axon.EstadoDosProcessadores;
import io.swagger.v3.oas.annotations.Hidden;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;

/** The operator's view of the event processors: where each stands, how far behind, and a replay's progress. */
@RestController
@RequestMapping(path = "/admin/projecoes", produces = "application/json")
@Hidden
class ProjecaoAdminController {

    private final EstadoDosProcessadores processadores;

    ProjecaoAdminController(EstadoDosProcessadores processadores) {
        this.processadores = processadores;
    }

    record Lista(List<EstadoDosProcessadores.Estado> projecoes) {
    }

    /**
     * estado: running, replaying, stopped or error; posicao: the global index of the last event the slowest
     * segment handled; cabeca: the newest event's; atraso: the difference. During a replay, progressoReplay (0 to
     * 1) and, as an extension, terminoEstimado.
     */
    @GetMapping
    Lista listar() {
        return new Lista(processadores.todos());
    }
}
