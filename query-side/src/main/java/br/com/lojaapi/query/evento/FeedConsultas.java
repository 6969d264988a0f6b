package br.com.lojaapi.query.evento;

import br.com.lojaapi.coreapi.evento.EventoDoFeed;
import br.com.lojaapi.coreapi.evento.EventosDoFeedQuery;
import br.com.lojaapi.coreapi.evento.PosicoesDoFeed;
import br.com.lojaapi.coreapi.evento.PosicoesDoFeedQuery;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads a store's event feed. A page is found first by positions alone (an index scan), which is all its ETag
 * needs; the bodies are read only for a page that is actually sent. Rows never change once written, so the
 * positions of a page determine its content.
 */
@Component
class FeedConsultas {

    private final JdbcTemplate jdbc;

    FeedConsultas(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @QueryHandler
    PosicoesDoFeed handle(PosicoesDoFeedQuery q) {
        List<Long> lidas = new ArrayList<>();
        String filtro = q.tipos().isEmpty() ? "" : " AND evento = ANY(?)";
        List<Object> parametros = new ArrayList<>(List.of(q.lojaId(), q.apos()));
        if (!q.tipos().isEmpty()) {
            parametros.add(q.tipos().toArray(String[]::new));
        }
        parametros.add(q.limite() + 1);
        jdbc.query("SELECT posicao FROM evento_loja WHERE loja_id = ? AND posicao > ?" + filtro
                   + " ORDER BY posicao LIMIT ?", rs -> {
            lidas.add(rs.getLong(1));
        }, parametros.toArray());
        boolean temMais = lidas.size() > q.limite();
        return new PosicoesDoFeed(temMais ? lidas.subList(0, q.limite()) : lidas, temMais);
    }

    @QueryHandler
    List<EventoDoFeed> handle(EventosDoFeedQuery q) {
        if (q.posicoes().isEmpty()) {
            return List.of();
        }
        return jdbc.query("SELECT posicao, id, corpo FROM evento_loja WHERE loja_id = ? AND posicao = ANY(?)"
                          + " ORDER BY posicao",
                (rs, n) -> new EventoDoFeed(rs.getLong(1), rs.getString(2), rs.getString(3)),
                q.lojaId(), q.posicoes().toArray(Long[]::new));
    }
}
