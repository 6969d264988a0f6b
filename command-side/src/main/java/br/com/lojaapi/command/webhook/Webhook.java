package br.com.lojaapi.command.webhook;

import br.com.lojaapi.command.comum.DaLoja;
import br.com.lojaapi.command.comum.Versao;
import br.com.lojaapi.coreapi.webhook.CriarWebhookCommand;
import br.com.lojaapi.coreapi.webhook.RemoverWebhookCommand;
import br.com.lojaapi.coreapi.webhook.WebhookCriadoEvent;
import br.com.lojaapi.coreapi.webhook.WebhookRemovidoEvent;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.AggregateLifecycle;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

/**
 * A store's subscription of a URL to event kinds. What a delivery needs of it is kept by {@link WebhookLookup}. Its
 * secret is stored only sealed under a data key of its own, which its removal destroys (decision 069).
 */
@Aggregate
class Webhook {

    static final String NAO_ENCONTRADO = "Webhook não encontrado";

    @AggregateIdentifier
    private String webhookId;
    private String lojaId;

    Webhook() {
        // required by Axon
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.ALWAYS)
    long handle(CriarWebhookCommand comando, SegredosDeWebhook segredos) {
        String selado = segredos.selar(comando.webhookId(), comando.lojaId(), comando.segredo());
        apply(new WebhookCriadoEvent(comando.webhookId(), comando.lojaId(), comando.nome(), comando.url(),
                comando.eventos(), comando.criadoEm(), selado));
        return Versao.atual();
    }

    /** The data key goes in the transaction that appends the removal, so no copy of the secret outlives it. */
    @CommandHandler
    long handle(RemoverWebhookCommand comando, SegredosDeWebhook segredos) {
        DaLoja.exigir(lojaId, comando.lojaId(), NAO_ENCONTRADO);
        Versao.exigir(comando.versaoEsperada());
        apply(new WebhookRemovidoEvent(webhookId, lojaId, comando.removidoEm()));
        segredos.destruir(webhookId);
        return Versao.atual();
    }

    @EventSourcingHandler
    void on(WebhookCriadoEvent evento) {
        webhookId = evento.webhookId();
        lojaId = evento.lojaId();
    }

    /** A removed webhook is gone: loading it again is the 404 of a missing one. */
    @EventSourcingHandler
    void on(WebhookRemovidoEvent evento) {
        AggregateLifecycle.markDeleted();
    }
}
