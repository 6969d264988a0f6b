package br.com.lojaapi.command.loja;

import br.com.lojaapi.command.comum.Versao;
import br.com.lojaapi.coreapi.loja.AtualizarLojaCommand;
import br.com.lojaapi.coreapi.loja.CriarLojaCommand;
import br.com.lojaapi.coreapi.loja.DadosLoja;
import br.com.lojaapi.coreapi.loja.LojaAtualizadaEvent;
import br.com.lojaapi.coreapi.loja.LojaCriadaEvent;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

/** A tenant. Managed only through the operator API; its data feeds product URLs and label senders. */
@Aggregate
class Loja {

    @AggregateIdentifier
    private String lojaId;
    private DadosLoja dados;

    Loja() {
        // required by Axon
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.ALWAYS)
    long handle(CriarLojaCommand comando, SlugsDeLoja slugs) {
        DadosLoja validos = RegrasDeLoja.validar(comando.dados());
        slugs.exigirLivre(validos.slug(), comando.lojaId());
        apply(new LojaCriadaEvent(comando.lojaId(), validos, comando.criadaEm()));
        return Versao.atual();
    }

    @CommandHandler
    long handle(AtualizarLojaCommand comando, SlugsDeLoja slugs) {
        DadosLoja validos = RegrasDeLoja.validar(RegrasDeLoja.aplicar(dados, comando));
        if (!validos.slug().equals(dados.slug())) {
            slugs.exigirLivre(validos.slug(), lojaId);
        }
        if (!validos.equals(dados)) {
            apply(new LojaAtualizadaEvent(lojaId, validos, comando.atualizadaEm()));
        }
        return Versao.atual();
    }

    @EventSourcingHandler
    void on(LojaCriadaEvent evento) {
        lojaId = evento.lojaId();
        dados = evento.dados();
    }

    @EventSourcingHandler
    void on(LojaAtualizadaEvent evento) {
        dados = evento.dados();
    }
}
