package br.com.lojaapi.command.etiqueta;

import br.com.lojaapi.command.comum.Versao;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.etiqueta.ArquivoDeEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.EstadoDaEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaRegistradaEvent;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaRemovidaEvent;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaSubstituidaEvent;
import br.com.lojaapi.coreapi.etiqueta.RegistrarEtiquetaCommand;
import br.com.lojaapi.coreapi.etiqueta.RemoverEtiquetaCommand;
import br.com.lojaapi.coreapi.etiqueta.ResultadoDaEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.SubstituirEtiquetaCommand;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.AggregateLifecycle;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

/**
 * A carrier's label for an order (the store bought the freight elsewhere; the service keeps the file). The order
 * never changes because of it except for adopting its tracking code, which the registration service asks for.
 * Every event carries the whole label; each handler answers which stored objects nothing refers to any more.
 */
@Aggregate
class EtiquetaDeEnvio {

    static final String NAO_ENCONTRADA = "Etiqueta não encontrada";

    @AggregateIdentifier
    private String etiquetaId;
    private EstadoDaEtiqueta estado;

    EtiquetaDeEnvio() {
        // required by Axon
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.ALWAYS)
    ResultadoDaEtiqueta handle(RegistrarEtiquetaCommand c) {
        apply(new EtiquetaRegistradaEvent(new EstadoDaEtiqueta(c.etiquetaId(), c.lojaId(), c.pedidoId(),
                c.pedidoNumero(), c.dados(), c.arquivo(), c.avisos(), c.origem(), c.em(), c.em())));
        return new ResultadoDaEtiqueta(c.etiquetaId(), "criada", Versao.atual(), List.of());
    }

    /** The same code sent again: the file and the fields are replaced; the same bytes keep the stored file. */
    @CommandHandler
    ResultadoDaEtiqueta handle(SubstituirEtiquetaCommand c) {
        exigirDoPedido(c.lojaId(), c.pedidoId());
        ArquivoDeEtiqueta atual = estado.arquivo();
        ArquivoDeEtiqueta enviado = c.arquivo();
        boolean mesmoConteudo = atual.sha256().equals(enviado.sha256()) && atual.tamanho() == enviado.tamanho()
                && atual.formato().equals(enviado.formato());
        ArquivoDeEtiqueta mantido = mesmoConteudo ? atual : enviado;
        List<String> livres = new ArrayList<>();
        if (!mesmoConteudo) {
            livres.add(atual.objeto());
        } else if (!enviado.objeto().equals(atual.objeto())) {
            livres.add(enviado.objeto());
        }
        if (!mantido.equals(atual) || !c.dados().equals(estado.dados()) || !c.avisos().equals(estado.avisos())) {
            apply(new EtiquetaSubstituidaEvent(new EstadoDaEtiqueta(etiquetaId, estado.lojaId(), estado.pedidoId(),
                    estado.pedidoNumero(), c.dados(), mantido, c.avisos(), estado.origem(), estado.criadoEm(),
                    c.em())));
        }
        return new ResultadoDaEtiqueta(etiquetaId, "atualizada", Versao.atual(), livres);
    }

    @CommandHandler
    ResultadoDaEtiqueta handle(RemoverEtiquetaCommand c) {
        exigirDoPedido(c.lojaId(), c.pedidoId());
        Versao.exigir(c.versaoEsperada());
        apply(new EtiquetaRemovidaEvent(estado, c.em()));
        return new ResultadoDaEtiqueta(etiquetaId, "removida", Versao.atual(), List.of(estado.arquivo().objeto()));
    }

    @EventSourcingHandler
    void on(EtiquetaRegistradaEvent e) {
        etiquetaId = e.etiqueta().etiquetaId();
        estado = e.etiqueta();
    }

    @EventSourcingHandler
    void on(EtiquetaSubstituidaEvent e) {
        estado = e.etiqueta();
    }

    /** A removed label is gone: loading it again is the 404 of a missing one. */
    @EventSourcingHandler
    void on(EtiquetaRemovidaEvent e) {
        AggregateLifecycle.markDeleted();
    }

    /** Another store's or another order's label is reported exactly like a missing one. */
    private void exigirDoPedido(String loja, String pedido) {
        if (!Objects.equals(estado.lojaId(), loja) || !Objects.equals(estado.pedidoId(), pedido)) {
            throw ErroDeNegocio.naoEncontrado(NAO_ENCONTRADA);
        }
    }
}
