package br.com.lojaapi.query.loja;

import br.com.lojaapi.coreapi.loja.BuscarLojaQuery;
import br.com.lojaapi.coreapi.loja.ListarLojasQuery;
import br.com.lojaapi.coreapi.loja.LojaAtualizadaEvent;
import br.com.lojaapi.coreapi.loja.LojaCriadaEvent;
import br.com.lojaapi.coreapi.loja.LojaView;
import br.com.lojaapi.query.comum.ProjecaoJpa;
import br.com.lojaapi.query.comum.TabelasDoModelo;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Optional;

@Component
@TabelasDoModelo("loja_view")
@ProcessingGroup("loja-view")
class LojaProjection extends ProjecaoJpa<LojaRegistro> {

    LojaProjection() {
        super(LojaRegistro.class);
    }

    @EventHandler
    void on(LojaCriadaEvent evento, @SequenceNumber long versao) {
        inserir(evento.lojaId(), () -> new LojaRegistro(evento, versao));
    }

    @EventHandler
    void on(LojaAtualizadaEvent evento, @SequenceNumber long versao) {
        atualizar(evento.lojaId(), versao, registro -> registro.aplicar(evento.dados(), evento.atualizadaEm(), versao));
    }

    @QueryHandler
    Optional<LojaView> handle(BuscarLojaQuery consulta) {
        return Optional.ofNullable(em.find(LojaRegistro.class, consulta.lojaId())).map(LojaRegistro::view);
    }

    @QueryHandler
    List<LojaView> handle(ListarLojasQuery consulta) {
        return em.createQuery("SELECT l FROM LojaRegistro l ORDER BY l.criadoEm, l.id", LojaRegistro.class)
                 .getResultList().stream()
                 .map(LojaRegistro::view)
                 .toList();
    }
}
