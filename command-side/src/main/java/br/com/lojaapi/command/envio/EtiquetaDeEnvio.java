package br.com.lojaapi.command.envio;

import br.com.lojaapi.command.anexo.ArquivosDoAnexo;
import br.com.lojaapi.command.comum.Versao;
import br.com.lojaapi.coreapi.anexo.ResultadoDoAnexo;
import br.com.lojaapi.coreapi.etiqueta.ArquivoDeEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.EstadoDaEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.EventoDaEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaRegistradaEvent;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaRemovidaEvent;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaSubstituidaEvent;
import br.com.lojaapi.coreapi.etiqueta.RegistrarEtiquetaCommand;
import br.com.lojaapi.coreapi.etiqueta.RemoverEtiquetaCommand;
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

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

/**
 * A carrier's label for an order (the store bought the freight elsewhere; the service keeps the file). The order
 * never changes because of it except for adopting its tracking code, which {@link EtiquetasDeEnvioDoPedido} asks for.
 * Every event carries the whole label; each handler answers which stored objects nothing refers to any more.
 */
@Aggregate
class EtiquetaDeEnvio {

    static final String NAO_ENCONTRADA = "Etiqueta não encontrada";
    private static final ArquivosDoAnexo<ArquivoDeEtiqueta> ARQUIVOS = new ArquivosDoAnexo<>(ArquivoDeEtiqueta::objeto,
            a -> List.of(a.sha256(), a.tamanho(), a.formato()));

    @AggregateIdentifier
    private String etiquetaId;
    private EstadoDaEtiqueta estado;

    EtiquetaDeEnvio() {
        // required by Axon
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.ALWAYS)
    ResultadoDoAnexo handle(RegistrarEtiquetaCommand c) {
        apply(new EtiquetaRegistradaEvent(new EstadoDaEtiqueta(c.etiquetaId(), c.lojaId(), c.pedidoId(),
                c.pedidoNumero(), c.dados(), c.arquivo(), c.avisos(), c.origem(), c.em(), c.em())));
        return new ResultadoDoAnexo(c.etiquetaId(), "criada", Versao.atual(), List.of());
    }

    /** The same code sent again: the file and the fields are replaced; the same bytes keep the stored file. */
    @CommandHandler
    ResultadoDoAnexo handle(SubstituirEtiquetaCommand c) {
        exigirDoPedido(c.lojaId(), c.pedidoId());
        List<String> livres = new ArrayList<>();
        ArquivoDeEtiqueta mantido = ARQUIVOS.substituir(estado.arquivo(), c.arquivo(), livres);
        if (!mantido.equals(estado.arquivo()) || !c.dados().equals(estado.dados())
                || !c.avisos().equals(estado.avisos())) {
            apply(new EtiquetaSubstituidaEvent(new EstadoDaEtiqueta(etiquetaId, estado.lojaId(), estado.pedidoId(),
                    estado.pedidoNumero(), c.dados(), mantido, c.avisos(), estado.origem(), estado.criadoEm(),
                    c.em())));
        }
        return new ResultadoDoAnexo(etiquetaId, "atualizada", Versao.atual(), livres);
    }

    @CommandHandler
    ResultadoDoAnexo handle(RemoverEtiquetaCommand c) {
        exigirDoPedido(c.lojaId(), c.pedidoId());
        Versao.exigir(c.versaoEsperada());
        apply(new EtiquetaRemovidaEvent(estado, c.em()));
        return new ResultadoDoAnexo(etiquetaId, "removida", Versao.atual(), ARQUIVOS.objetos(estado.arquivo()));
    }

    @EventSourcingHandler
    void on(EventoDaEtiqueta e) {
        etiquetaId = e.etiqueta().etiquetaId();
        estado = e.etiqueta();
    }

    /** A removed label is gone: loading it again is the 404 of a missing one. */
    @EventSourcingHandler
    void on(EtiquetaRemovidaEvent e) {
        AggregateLifecycle.markDeleted();
    }

    private void exigirDoPedido(String loja, String pedido) {
        ArquivosDoAnexo.exigirDoPedido(estado.lojaId(), estado.pedidoId(), loja, pedido, NAO_ENCONTRADA);
    }
}
