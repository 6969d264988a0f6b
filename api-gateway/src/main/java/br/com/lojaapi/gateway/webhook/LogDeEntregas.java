package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.command.comum.Comandos;
import br.com.lojaapi.command.entrega.ConfiguracaoDosWebhooks;
import br.com.lojaapi.command.entrega.EventoDeWebhook;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.entrega.BuscarEntregaQuery;
import br.com.lojaapi.coreapi.entrega.EntregaView;
import br.com.lojaapi.coreapi.entrega.ListarTentativasQuery;
import br.com.lojaapi.coreapi.entrega.PaginaDeTentativas;
import br.com.lojaapi.coreapi.entrega.ReenviarEntregaCommand;
import br.com.lojaapi.coreapi.webhook.BuscarWebhookQuery;
import br.com.lojaapi.coreapi.webhook.WebhookView;
import br.com.lojaapi.gateway.web.Ids;
import br.com.lojaapi.gateway.web.Paginacao;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.stereotype.Component;

import java.time.Clock;

/**
 * A webhook's delivery log and single redelivery, as the store ({@code /v1/webhooks/{id}/entregas}) and the operator
 * ({@code /admin/lojas/{lojaId}/webhooks/{id}/entregas}) both see them: the same rows, the same rules. The log of a
 * removed webhook stays readable; nothing is sent to it any more.
 */
@Component
class LogDeEntregas {

    static final String WEBHOOK_NAO_ENCONTRADO = "Webhook não encontrado";
    static final String ENTREGA_NAO_ENCONTRADA = "Entrega não encontrada";
    static final String REMOVIDO = "O webhook foi removido; não há para onde reenviar";

    private final QueryGateway consultas;
    private final Comandos comandos;
    private final ConfiguracaoDosWebhooks configuracao;
    private final Clock relogio;

    LogDeEntregas(QueryGateway consultas, Comandos comandos, ConfiguracaoDosWebhooks configuracao, Clock relogio) {
        this.consultas = consultas;
        this.comandos = comandos;
        this.configuracao = configuracao;
        this.relogio = relogio;
    }

    /** The store's webhook, removed ones included; anything else is the webhook's 404. */
    WebhookView webhook(String lojaId, String webhookId) {
        Ids.exigir(webhookId, WEBHOOK_NAO_ENCONTRADO);
        return consultas.query(new BuscarWebhookQuery(lojaId, webhookId, true),
                        ResponseTypes.optionalInstanceOf(WebhookView.class)).join()
                        .orElseThrow(() -> ErroDeNegocio.naoEncontrado(WEBHOOK_NAO_ENCONTRADO));
    }

    /** The same webhook, which must still be one: a removed webhook has nowhere to send to. */
    WebhookView ativo(String lojaId, String webhookId) {
        WebhookView webhook = webhook(lojaId, webhookId);
        if (!webhook.ativo()) {
            throw ErroDeNegocio.conflito(REMOVIDO);
        }
        return webhook;
    }

    /** A page of the webhook's attempts, newest first; {@code sucesso} and {@code evento} filter when given. */
    ListaDeEntregasJson listar(String lojaId, String webhookId, Paginacao.Pedida pagina, Boolean sucesso,
                               String evento) {
        webhook(lojaId, webhookId);
        if (evento != null && EventoDeWebhook.porNome(evento).isEmpty()) {
            throw ErroDeNegocio.invalido("evento: '" + evento + "' não é um tipo de evento; os válidos são "
                    + String.join(", ", EventoDeWebhook.nomes()));
        }
        PaginaDeTentativas resultado = consultas.query(new ListarTentativasQuery(lojaId, webhookId, pagina.page(),
                pagina.limite(), sucesso, evento), PaginaDeTentativas.class).join();
        return new ListaDeEntregasJson(resultado.tentativas().stream().map(TentativaDeEntregaJson::de).toList(),
                pagina.de(resultado.total()));
    }

    /** A new series of one finished delivery: its stored body, its id, the current retry delays. */
    ReenvioDeEntregaJson reenviar(String lojaId, String webhookId, String entregaId) {
        WebhookView webhook = webhook(lojaId, webhookId);
        Ids.exigir(entregaId, ENTREGA_NAO_ENCONTRADA);
        consultas.query(new BuscarEntregaQuery(lojaId, webhookId, entregaId),
                         ResponseTypes.optionalInstanceOf(EntregaView.class)).join()
                 .orElseThrow(() -> ErroDeNegocio.naoEncontrado(ENTREGA_NAO_ENCONTRADA));
        if (!webhook.ativo()) {
            throw ErroDeNegocio.conflito(REMOVIDO);
        }
        Integer serie = comandos.enviar(new ReenviarEntregaCommand(entregaId, lojaId, webhookId,
                configuracao.atrasosMs(), relogio.instant(), null), Integer.class, ENTREGA_NAO_ENCONTRADA);
        return new ReenvioDeEntregaJson(entregaId, serie);
    }
}
