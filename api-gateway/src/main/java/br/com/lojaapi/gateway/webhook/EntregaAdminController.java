package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.gateway.admin.Lojas;
import br.com.lojaapi.gateway.web.Paginacao;
import io.swagger.v3.oas.annotations.Operation;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The operator's view of a webhook's deliveries (every attempt, newest first), manual redelivery and the recovery of
 * failed deliveries: the store's own ({@link EntregaDeWebhookController}) for any store, with the same rules.
 */
@RestController
@RequestMapping(path = "/admin/lojas/{lojaId}/webhooks/{webhookId}", produces = "application/json")
class EntregaAdminController {

    private final Lojas lojas;
    private final LogDeEntregas log;
    private final RecuperacaoDeEntregas recuperacao;

    EntregaAdminController(Lojas lojas, LogDeEntregas log, RecuperacaoDeEntregas recuperacao) {
        this.lojas = lojas;
        this.log = log;
        this.recuperacao = recuperacao;
    }

    @GetMapping("/entregas")
    @Operation(operationId = "listarEntregasDoWebhookPeloOperador")
    ListaDeEntregasJson listar(@PathVariable String lojaId, @PathVariable String webhookId,
                               @RequestParam(required = false) Integer page,
                               @RequestParam(required = false) Integer limite) {
        Paginacao.Pedida pagina = Paginacao.pedida(page, limite);
        lojas.exigir(lojaId);
        return log.listar(lojaId, webhookId, pagina, null, null);
    }

    @PostMapping("/entregas/{entregaId}/reenviar")
    @Operation(operationId = "reenviarEntregaDoWebhookPeloOperador")
    ResponseEntity<ReenvioDeEntregaJson> reenviar(@PathVariable String lojaId, @PathVariable String webhookId,
                                                  @PathVariable String entregaId) {
        lojas.exigir(lojaId);
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(log.reenviar(lojaId, webhookId, entregaId));
    }

    /** The store's recovery ({@code POST /v1/webhooks/{id}/recuperar}) on the operator's behalf. */
    @PostMapping(path = "/recuperar", consumes = "application/json")
    @Operation(operationId = "recuperarEntregasDoWebhookPeloOperador")
    ResponseEntity<RecuperacaoJson> recuperar(@PathVariable String lojaId, @PathVariable String webhookId,
                                              @RequestBody PedidoDeRecuperacao corpo) {
        lojas.exigir(lojaId);
        recuperacao.exigirAtivo(lojaId, webhookId);
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(recuperacao.recuperar(lojaId, webhookId, corpo));
    }
}
