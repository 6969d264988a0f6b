package br.com.lojaapi.query.grupo;

import br.com.lojaapi.coreapi.grupo.BuscarGrupoQuery;
import br.com.lojaapi.coreapi.grupo.GrupoComplementoAtualizadoEvent;
import br.com.lojaapi.coreapi.grupo.GrupoComplementoCriadoEvent;
import br.com.lojaapi.coreapi.grupo.GrupoComplementoRemovidoEvent;
import br.com.lojaapi.coreapi.grupo.GrupoView;
import br.com.lojaapi.coreapi.grupo.ListarGruposQuery;
import br.com.lojaapi.query.comum.ProjecaoJpa;
import br.com.lojaapi.query.comum.TabelasDoModelo;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Optional;

/** Read model of complement groups; removed groups stay as hidden tombstones at the removal's version. */
@Component
@TabelasDoModelo("grupo_complemento_view")
@ProcessingGroup("grupo-complemento-view")
class GrupoProjection extends ProjecaoJpa<GrupoRegistro> {

    GrupoProjection() {
        super(GrupoRegistro.class);
    }

    @EventHandler
    void on(GrupoComplementoCriadoEvent evento, @SequenceNumber long versao) {
        inserir(evento.grupoId(), () -> new GrupoRegistro(evento, versao));
    }

    @EventHandler
    void on(GrupoComplementoAtualizadoEvent evento, @SequenceNumber long versao) {
        atualizar(evento.grupoId(), versao,
                registro -> registro.aplicar(evento.dados(), evento.atualizadoEm(), versao));
    }

    @EventHandler
    void on(GrupoComplementoRemovidoEvent evento, @SequenceNumber long versao) {
        atualizar(evento.grupoId(), versao, registro -> registro.remover(evento.removidoEm(), versao));
    }

    @QueryHandler
    List<GrupoView> handle(ListarGruposQuery consulta) {
        return vivosEmOrdem(consulta.lojaId()).stream().map(GrupoRegistro::view).toList();
    }

    @QueryHandler
    Optional<GrupoView> handle(BuscarGrupoQuery consulta) {
        return vivo(consulta.lojaId(), consulta.grupoId()).map(GrupoRegistro::view);
    }
}
