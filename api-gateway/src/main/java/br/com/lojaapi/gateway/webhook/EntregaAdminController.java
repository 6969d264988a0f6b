package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.command.comum.Comandos;
import br.com.lojaapi.command.entrega.ConfiguracaoDosWebhooks;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.entrega.BuscarEntregaQuery;
import br.com.lojaapi.coreapi.entrega.EntregaView;
import br.com.lojaapi.coreapi.entrega.ListarTentativasQuery;
import br.com.lojaapi.coreapi.entrega.PaginaDeTentativas;
import br.com.lojaapi.coreapi.entrega.ReenviarEntregaCommand;
import br.com.lojaapi.coreapi.entrega.TentativaDeEntregaView;
import br.com.lojaapi.coreapi.webhook.BuscarWebhookQuery;
import br.com.lojaapi.coreapi.webhook.WebhookView;
import br.com.lojaapi.gateway.admin.Lojas;
import br.com.lojaapi.gateway.web.Ids;
import br.com.lojaapi.gateway.web.Paginacao;
import com.fasterxml.jackson.annotation.JsonRawValue;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import io.swagger.v3.oas.annotations.Operation;

/** The operator's view of a webhook's deliveries (every attempt, newest first) and manual redelivery. */
@RestController
@RequestMapping(path = "/admin/lojas/{lojaId}/webhooks/{webhookId}/entregas", produces = "application/json")
class EntregaAdminController {

    static final String WEBHOOK_NAO_ENCONTRADO = "Webhook não encontrado";
    static final String ENTREGA_NAO_ENCONTRADA = "Entrega não encontrada";

    private final Lojas lojas;
    private final QueryGateway consultas;
    private final Comandos comandos;
    private final ConfiguracaoDosWebhooks configuracao;
    private final Clock relogio;

    EntregaAdminController(Lojas lojas, QueryGateway consultas, Comandos comandos, ConfiguracaoDosWebhooks configuracao,
                           Clock relogio) {
        this.lojas = lojas;
        this.consultas = consultas;
        this.comandos = comandos;
        this.configuracao = configuracao;
        this.relogio = relogio;
    }

    /** One attempt. {@code id} is the delivery's (the same on each attempt of it); {@code payload} the body sent. */
    record TentativaJson(String id, String evento, int tentativa, Integer statusHttp, long duracaoMs,
                         @JsonRawValue String payload, String resposta, String erro, Instant enviadoEm,
                         Instant proximaTentativaEm, int serie, boolean sucesso) {

        static TentativaJson de(TentativaDeEntregaView t) {
            return new TentativaJson(t.entregaId(), t.evento(), t.tentativa(), t.statusHttp(), t.duracaoMs(),
                    t.payload(), t.resposta(), t.erro(), t.enviadoEm(), t.proximaTentativaEm(), t.serie(),
                    t.sucesso());
        }
    }

    record Lista(List<TentativaJson> entregas, Paginacao paginacao) {
    }

    record Reenvio(String id, int serie) {
    }

    @GetMapping
    @Operation(operationId = "listarEntregasDoWebhook")
    Lista listar(@PathVariable String lojaId, @PathVariable String webhookId,
                 @RequestParam(required = false) Integer page, @RequestParam(required = false) Integer limite) {
        int[] pagina = Paginacao.validar(page, limite);
        webhook(lojaId, webhookId);
        PaginaDeTentativas resultado = consultas.query(new ListarTentativasQuery(lojaId, webhookId, pagina[0],
                pagina[1]), PaginaDeTentativas.class).join();
        return new Lista(resultado.tentativas().stream().map(TentativaJson::de).toList(),
                Paginacao.de(pagina[0], pagina[1], resultado.total()));
    }

    @PostMapping("/{entregaId}/reenviar")
    @Operation(operationId = "reenviarEntregaDoWebhook")
    ResponseEntity<Reenvio> reenviar(@PathVariable String lojaId, @PathVariable String webhookId,
                                     @PathVariable String entregaId) {
        WebhookView webhook = webhook(lojaId, webhookId);
        Ids.exigir(entregaId, ENTREGA_NAO_ENCONTRADA);
        consultas.query(new BuscarEntregaQuery(lojaId, webhookId, entregaId),
                         ResponseTypes.optionalInstanceOf(EntregaView.class)).join()
                 .orElseThrow(() -> ErroDeNegocio.naoEncontrado(ENTREGA_NAO_ENCONTRADA));
        if (!webhook.ativo()) {
            throw ErroDeNegocio.conflito("O webhook foi removido; não há para onde reenviar");
        }
        Integer serie = comandos.enviar(new ReenviarEntregaCommand(entregaId, lojaId, webhookId,
                configuracao.atrasosMs(), relogio.instant()), Integer.class, ENTREGA_NAO_ENCONTRADA);
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(new Reenvio(entregaId, serie));
    }

    private WebhookView webhook(String lojaId, String webhookId) {
        lojas.exigir(lojaId);
        Ids.exigir(webhookId, WEBHOOK_NAO_ENCONTRADO);
        return consultas.query(new BuscarWebhookQuery(lojaId, webhookId, true),
                        ResponseTypes.optionalInstanceOf(WebhookView.class)).join()
                        .orElseThrow(() -> ErroDeNegocio.naoEncontrado(WEBHOOK_NAO_ENCONTRADO));
    }
}
