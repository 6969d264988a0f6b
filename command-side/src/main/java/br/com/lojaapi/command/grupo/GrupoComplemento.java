package br.com.lojaapi.command.grupo;

import br.com.lojaapi.command.comum.DaLoja;
import br.com.lojaapi.command.comum.Versao;
import br.com.lojaapi.coreapi.grupo.AlterarGrupoComplementoCommand;
import br.com.lojaapi.coreapi.grupo.CriarGrupoComplementoCommand;
import br.com.lojaapi.coreapi.grupo.DadosGrupo;
import br.com.lojaapi.coreapi.grupo.GrupoComplementoAtualizadoEvent;
import br.com.lojaapi.coreapi.grupo.GrupoComplementoCriadoEvent;
import br.com.lojaapi.coreapi.grupo.GrupoComplementoRemovidoEvent;
import br.com.lojaapi.coreapi.grupo.RemoverGrupoComplementoCommand;
import br.com.lojaapi.coreapi.grupo.ResultadoDeGrupo;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;
import static org.axonframework.modelling.command.AggregateLifecycle.markDeleted;

/** A reusable group of add-ons (flavours, extras); products link to it by id. */
@Aggregate
class GrupoComplemento {

    static final String NAO_ENCONTRADO = "Grupo de complementos não encontrado";

    @AggregateIdentifier
    private String grupoId;
    private String lojaId;
    private DadosGrupo dados;

    GrupoComplemento() {
        // required by Axon
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.ALWAYS)
    ResultadoDeGrupo handle(CriarGrupoComplementoCommand comando) {
        DadosGrupo novos = RegrasDeGrupo.novo(comando.dados());
        apply(new GrupoComplementoCriadoEvent(comando.grupoId(), comando.lojaId(), novos, comando.criadoEm()));
        return new ResultadoDeGrupo(Versao.atual(), RegrasDeGrupo.avisos(novos));
    }

    @CommandHandler
    ResultadoDeGrupo handle(AlterarGrupoComplementoCommand comando) {
        DaLoja.exigir(lojaId, comando.lojaId(), NAO_ENCONTRADO);
        Versao.exigir(comando.versaoEsperada());
        DadosGrupo novos = RegrasDeGrupo.aplicar(dados, comando.alteracao());
        if (!novos.equals(dados)) {
            apply(new GrupoComplementoAtualizadoEvent(grupoId, lojaId, novos, comando.alteradoEm()));
        }
        return new ResultadoDeGrupo(Versao.atual(), RegrasDeGrupo.avisos(novos));
    }

    @CommandHandler
    long handle(RemoverGrupoComplementoCommand comando) {
        DaLoja.exigir(lojaId, comando.lojaId(), NAO_ENCONTRADO);
        Versao.exigir(comando.versaoEsperada());
        apply(new GrupoComplementoRemovidoEvent(grupoId, lojaId, dados.nome(), comando.removidoEm()));
        return Versao.atual();
    }

    @EventSourcingHandler
    void on(GrupoComplementoCriadoEvent evento) {
        grupoId = evento.grupoId();
        lojaId = evento.lojaId();
        dados = evento.dados();
    }

    @EventSourcingHandler
    void on(GrupoComplementoAtualizadoEvent evento) {
        dados = evento.dados();
    }

    @EventSourcingHandler
    void on(GrupoComplementoRemovidoEvent evento) {
        markDeleted();
    }
}
