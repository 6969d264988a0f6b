package br.com.lojaapi.gateway.admin;

import br.com.lojaapi.gateway.banco.Lsn;
import br.com.lojaapi.gateway.banco.ReplicasDeLeitura;
import io.swagger.v3.oas.annotations.Hidden;
import io.swagger.v3.oas.annotations.Operation;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;

/**
 * The read replicas as this node sees them (decision 074): each one's URL (without credentials), whether store reads
 * use it, its lag and replay position at the last poll, and why it is out when it is. Empty without
 * {@code DATABASE_REPLICA_URLS}. Each node polls on its own, so two nodes may differ by a poll.
 */
@RestController
@RequestMapping(path = "/admin/replicas", produces = "application/json")
@Hidden
class ReplicaAdminController {

    private final ReplicasDeLeitura replicas;

    ReplicaAdminController(ReplicasDeLeitura replicas) {
        this.replicas = replicas;
    }

    record Lista(String lsnDoPrimario, List<ReplicasDeLeitura.Estado> replicas) {
    }

    @GetMapping
    @Operation(operationId = "listarReplicas")
    Lista listar() {
        long primario = replicas.lsnDoPrimario();
        return new Lista(primario == Lsn.NENHUMA ? null : Lsn.texto(primario), replicas.estados());
    }
}
