package br.com.lojaapi.query.envio;

import br.com.lojaapi.coreapi.etiqueta.BuscarEtiquetaQuery;
import br.com.lojaapi.coreapi.etiqueta.EstadoDaEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.EventoDaEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaView;
import br.com.lojaapi.coreapi.etiqueta.ListarEtiquetasQuery;
import br.com.lojaapi.query.anexo.TabelaDeAnexos;
import br.com.lojaapi.query.comum.TabelasDoModelo;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Optional;

/** Read model of carrier labels ({@code etiqueta_view}): the whole label, nothing beside it. */
@Component
@TabelasDoModelo("etiqueta_view")
@ProcessingGroup("etiqueta-view")
class EtiquetaDeEnvioProjection {

    private final TabelaDeAnexos<EstadoDaEtiqueta> etiquetas;

    EtiquetaDeEnvioProjection(JdbcTemplate jdbc) {
        etiquetas = new TabelaDeAnexos<>(jdbc, "etiqueta_view", "etiqueta", EstadoDaEtiqueta.class,
                EstadoDaEtiqueta::etiquetaId, EstadoDaEtiqueta::lojaId, EstadoDaEtiqueta::pedidoId,
                EstadoDaEtiqueta::criadoEm);
    }

    @EventHandler
    void on(EventoDaEtiqueta e, @SequenceNumber long versao) {
        etiquetas.gravar(e.etiqueta(), e.removidaEm(), versao);
    }

    @ResetHandler
    void reset() {
        etiquetas.esvaziar();
    }

    @QueryHandler
    List<EtiquetaView> handle(ListarEtiquetasQuery consulta) {
        return etiquetas.doPedido(consulta.lojaId(), consulta.pedidoId(), EtiquetaView::new);
    }

    @QueryHandler
    Optional<EtiquetaView> handle(BuscarEtiquetaQuery consulta) {
        return etiquetas.buscar(consulta.lojaId(), consulta.pedidoId(), consulta.etiquetaId(), EtiquetaView::new);
    }
}
