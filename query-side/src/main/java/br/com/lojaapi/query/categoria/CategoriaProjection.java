package br.com.lojaapi.query.categoria;

import br.com.lojaapi.coreapi.categoria.BuscarCategoriaQuery;
import br.com.lojaapi.coreapi.categoria.CategoriaAtualizadaEvent;
import br.com.lojaapi.coreapi.categoria.CategoriaCriadaEvent;
import br.com.lojaapi.coreapi.categoria.CategoriaRemovidaEvent;
import br.com.lojaapi.coreapi.categoria.CategoriaView;
import br.com.lojaapi.coreapi.categoria.ListarCategoriasQuery;
import br.com.lojaapi.query.comum.ProjecaoJpa;
import br.com.lojaapi.query.comum.TabelasDoModelo;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Optional;

/**
 * Read model of categories. A removal leaves a tombstone row (hidden from every query) carrying the removal's
 * version, which is what the remover waits for.
 */
@Component
@TabelasDoModelo("categoria_view")
@ProcessingGroup("categoria-view")
class CategoriaProjection extends ProjecaoJpa<CategoriaRegistro> {

    CategoriaProjection() {
        super(CategoriaRegistro.class);
    }

    @EventHandler
    void on(CategoriaCriadaEvent evento, @SequenceNumber long versao) {
        inserir(evento.categoriaId(), () -> new CategoriaRegistro(evento, versao));
    }

    @EventHandler
    void on(CategoriaAtualizadaEvent evento, @SequenceNumber long versao) {
        atualizar(evento.categoriaId(), versao, registro -> registro.aplicar(evento.nome(), evento.descricao(),
                evento.ordem(), evento.ativa(), evento.atualizadaEm(), versao));
    }

    @EventHandler
    void on(CategoriaRemovidaEvent evento, @SequenceNumber long versao) {
        atualizar(evento.categoriaId(), versao, registro -> registro.remover(evento.removidaEm(), versao));
    }

    @QueryHandler
    List<CategoriaView> handle(ListarCategoriasQuery consulta) {
        return vivosEmOrdem(consulta.lojaId()).stream().map(CategoriaRegistro::view).toList();
    }

    @QueryHandler
    Optional<CategoriaView> handle(BuscarCategoriaQuery consulta) {
        return vivo(consulta.lojaId(), consulta.categoriaId()).map(CategoriaRegistro::view);
    }
}
