package br.com.lojaapi.command.entrega;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.entrega.RecuperacaoDoWebhookIniciadaEvent;
import br.com.lojaapi.coreapi.entrega.RecuperarEntregasDoWebhookCommand;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

import java.util.LinkedHashSet;
import java.util.List;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

/**
 * One recovery of a webhook's failed deliveries: which ones it re-sends. That no other recovery of the webhook runs
 * meanwhile is kept by {@link RecuperacoesDeWebhookEmAndamento}, in this command's transaction; the series
 * themselves are asked of each {@link Entrega} by {@link RecuperadorDeWebhooks}, one transaction each.
 */
@Aggregate
class RecuperacaoDeWebhook {

    @AggregateIdentifier
    private String recuperacaoId;

    RecuperacaoDeWebhook() {
        // required by Axon
    }

    /** Returns how many deliveries the recovery re-sends (each once, whatever repeats the list holds). */
    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.ALWAYS)
    int handle(RecuperarEntregasDoWebhookCommand comando) {
        List<String> entregas = List.copyOf(new LinkedHashSet<>(comando.entregaIds()));
        if (entregas.isEmpty()) {
            throw ErroDeNegocio.invalido("Uma recuperação precisa de ao menos uma entrega");
        }
        if (!comando.validaAte().isAfter(comando.solicitadaEm())) {
            throw ErroDeNegocio.invalido("Uma recuperação precisa de um prazo depois do seu início");
        }
        apply(new RecuperacaoDoWebhookIniciadaEvent(comando.recuperacaoId(), comando.lojaId(), comando.webhookId(),
                comando.desde(), entregas, comando.atrasosMs(), comando.solicitadaEm(), comando.validaAte()));
        return entregas.size();
    }

    @EventSourcingHandler
    void on(RecuperacaoDoWebhookIniciadaEvent evento) {
        recuperacaoId = evento.recuperacaoId();
    }
}
