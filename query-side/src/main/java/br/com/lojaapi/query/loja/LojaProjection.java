package br.com.lojaapi.query.loja;

import br.com.lojaapi.coreapi.loja.BuscarLojaQuery;
import br.com.lojaapi.coreapi.loja.ListarLojasQuery;
import br.com.lojaapi.coreapi.loja.LojaAtualizadaEvent;
import br.com.lojaapi.coreapi.loja.LojaCriadaEvent;
import br.com.lojaapi.coreapi.loja.LojaView;
import br.com.lojaapi.coreapi.loja.NomesDasLojas;
import br.com.lojaapi.coreapi.loja.NomesDasLojasQuery;
import br.com.lojaapi.coreapi.loja.PaginaDeLojas;
import br.com.lojaapi.query.comum.Contem;
import br.com.lojaapi.query.comum.Paginacao;
import br.com.lojaapi.query.comum.ProjecaoJpa;
import br.com.lojaapi.query.comum.TabelasDoModelo;
import jakarta.persistence.Query;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.stereotype.Component;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

@Component
@TabelasDoModelo("loja_view")
@ProcessingGroup("loja-view")
class LojaProjection extends ProjecaoJpa<LojaRegistro> {

    /** Up to this many matches, a search's page sorts them; beyond, it reads them in the name index's order. */
    static final int ACHADAS_ORDENADAS_ATE = 5_000;

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

    /**
     * A page of every store by name (case-insensitive), then id; {@code busca} as {@link ListarLojasQuery} says. A
     * search's matches, when there are few, are read through the trigram indexes and sorted; many are read in the
     * name index's order, which meets a page of them soon. PostgreSQL's estimate of a {@code LIKE} cannot tell the
     * two apart (it walked the name index through every store for a term few names hold), so the exact count
     * decides.
     */
    @QueryHandler
    PaginaDeLojas handle(ListarLojasQuery consulta) {
        String busca = consulta.busca() == null ? "" : consulta.busca().strip().toLowerCase(Locale.ROOT);
        Map<String, Object> parametros = new HashMap<>();
        String filtro = "";
        if (!busca.isEmpty()) {
            filtro = " WHERE lower(nome) LIKE :padrao" + Contem.ESCAPE + " OR lower(slug) LIKE :padrao"
                    + Contem.ESCAPE + " OR id = :id";
            parametros.put("padrao", Contem.padrao(busca));
            parametros.put("id", busca);
        }
        Query total = em.createNativeQuery("SELECT count(*) FROM loja_view" + filtro, Long.class);
        parametros.forEach(total::setParameter);
        long quantas = ((Number) total.getSingleResult()).longValue();
        long deslocamento = (long) (consulta.pagina() - 1) * consulta.limite();
        if (deslocamento >= quantas) {
            return new PaginaDeLojas(List.of(), quantas);
        }
        String linhas = !filtro.isEmpty() && quantas <= ACHADAS_ORDENADAS_ATE
                ? "WITH achadas AS MATERIALIZED (SELECT * FROM loja_view" + filtro + ") SELECT * FROM achadas"
                : "SELECT * FROM loja_view" + filtro;
        Query pagina = em.createNativeQuery(linhas + " ORDER BY lower(nome), id" + Paginacao.LIMITE,
                LojaRegistro.class);
        parametros.forEach(pagina::setParameter);
        Paginacao.pagina(new MapSqlParameterSource(), consulta.pagina(), consulta.limite()).getValues()
                 .forEach(pagina::setParameter);
        @SuppressWarnings("unchecked")
        List<LojaRegistro> registros = pagina.getResultList();
        return new PaginaDeLojas(registros.stream().map(LojaRegistro::view).toList(), quantas);
    }

    @QueryHandler
    NomesDasLojas handle(NomesDasLojasQuery consulta) {
        if (consulta.ids().isEmpty()) {
            return new NomesDasLojas(Map.of());
        }
        return new NomesDasLojas(em.createQuery("SELECT l.id, l.nome FROM LojaRegistro l WHERE l.id IN :ids",
                                           Object[].class)
                                   .setParameter("ids", consulta.ids())
                                   .getResultList().stream()
                                   .collect(Collectors.toMap(l -> (String) l[0], l -> (String) l[1])));
    }
}
