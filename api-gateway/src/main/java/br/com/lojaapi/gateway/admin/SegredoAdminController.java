package br.com.lojaapi.gateway.admin;

import br.com.lojaapi.gateway.segredo.VarreduraDeSegredos;
import io.swagger.v3.oas.annotations.Hidden;
import io.swagger.v3.oas.annotations.Operation;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The master keys of the webhook secrets (decision 069), as the node that answers sees them: the one it encrypts
 * with ({@code chaveAtual}), each key the database uses with how many webhook data keys it wraps and whether this
 * node has it, and what is still in clear from a previous version. After a rotation, {@code recifrar} re-wraps
 * every data key with this node's current key; the old key can go once no data key uses it.
 */
@RestController
@RequestMapping(path = "/admin/segredos", produces = "application/json")
@Hidden
class SegredoAdminController {

    private final VarreduraDeSegredos segredos;

    SegredoAdminController(VarreduraDeSegredos segredos) {
        this.segredos = segredos;
    }

    @GetMapping
    @Operation(operationId = "verSegredos")
    VarreduraDeSegredos.Relatorio ver() {
        return segredos.relatorio();
    }

    @PostMapping("/recifrar")
    @Operation(operationId = "recifrarSegredos")
    VarreduraDeSegredos.Recifragem recifrar() {
        return segredos.recifrar();
    }
}
