package br.com.lojaapi.gateway.admin;

import br.com.lojaapi.query.processamento.EstadoDoProcessador;
import br.com.lojaapi.query.processamento.NoEmExecucao;
import br.com.lojaapi.query.processamento.PainelDosProcessadores;
import io.swagger.v3.oas.annotations.Hidden;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;
import io.swagger.v3.oas.annotations.Operation;

/** The operator's view of the event processors: where each stands, how far behind, and a replay's progress. */
@RestController
@RequestMapping(path = "/admin/projecoes", produces = "application/json")
@Hidden
class ProjecaoAdminController {

    private final PainelDosProcessadores painel;

    ProjecaoAdminController(PainelDosProcessadores painel) {
        this.painel = painel;
    }

    record Lista(String no, List<NoEmExecucao> nos, List<EstadoDoProcessador> projecoes) {
    }

    /**
     * estado: running, replaying, stopped or error; posicao: the global index of the last event the slowest
     * segment handled; cabeca: the newest event's; atraso: the difference. During a replay, progressoReplay (0 to
     * 1) and, as an extension, terminoEstimado. As extensions for running several nodes: no, the id of the node that
     * answered; nos, the running nodes; and per processor segmentos, the node that holds each segment (dono).
     */
    @GetMapping
    @Operation(operationId = "listarProjecoes")
    Lista listar() {
        return new Lista(painel.no(), painel.nos(), painel.processadores());
    }

    /**
     * Rebuilds a read model from the event store while the API keeps reading the current one (see
     * {@link PainelDosProcessadores#reconstruir}): 202 with the projection's state, 404 for an unknown processor, 409
     * for one that is not a read model (sagas, webhook senders) or whose rebuild is already running.
     */
    @PostMapping("/{nome}/replay")
    @Operation(operationId = "reconstruirProjecao")
    ResponseEntity<EstadoDoProcessador> reconstruir(@PathVariable String nome) {
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(painel.reconstruir(nome));
    }
}
