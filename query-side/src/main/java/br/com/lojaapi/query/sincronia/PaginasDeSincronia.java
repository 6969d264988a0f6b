package br.com.lojaapi.query.sincronia;

import br.com.lojaapi.coreapi.comum.Alteracao;
import br.com.lojaapi.coreapi.comum.AlteracoesQuery;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.comum.PaginaDeAlteracoes;
import br.com.lojaapi.query.comum.LeituraInstantanea;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * A page of incremental sync of one read model: rows in order of their position (the global index of the last event
 * applied to each, so the order changes were made in), tombstones included, below the
 * {@link HorizonteDeSincronia horizon}.
 * <p>
 * The page's keys (id, versao, position) and the horizon are read in one REPEATABLE READ snapshot, so a projection
 * rebuild swapping tables in between cannot pair a horizon with rows it does not describe; the bound of settled
 * gaps ({@link LacunasEncerradas}) is read just before it. The bodies are read afterwards: a row changed in between
 * (its body no longer of the keyed version) ends the page before it, and is listed again at its new place, so a
 * poller never receives one version twice or a version out of place. What the web layer decides between the two
 * reads (a conditional request answered from the keys alone) costs no body.
 */
@Component
public class PaginasDeSincronia {

    private final QueryGateway consultas;
    private final HorizonteDeSincronia horizonte;
    private final LeituraInstantanea instantaneo;

    PaginasDeSincronia(QueryGateway consultas, HorizonteDeSincronia horizonte, PlatformTransactionManager transacoes,
                       JdbcTemplate jdbc) {
        this.consultas = consultas;
        this.horizonte = horizonte;
        this.instantaneo = new LeituraInstantanea(transacoes, jdbc);
    }

    /**
     * The keys of the next rows, at most {@code limite}: after position {@code apos}, or, when it is null, from the
     * first row changed after {@code (desde, desdeId)} on.
     */
    public PaginaDeAlteracoes chaves(String lojaId, ModeloLeitura modelo, Long apos, Instant desde, String desdeId,
                                     int limite) {
        long encerradas = horizonte.encerradas();
        return instantaneo.executar(() -> consultas.query(new AlteracoesQuery(lojaId, modelo, apos, desde, desdeId,
                horizonte.ate(modelo, encerradas), limite), PaginaDeAlteracoes.class).join());
    }

    /**
     * The keyed rows with their bodies, read by {@code corpos} (ids in, bodies out, any order), up to the first whose
     * body is missing or of another version than keyed.
     */
    public <T> PaginaLida<T> corpos(PaginaDeAlteracoes chaves, Function<List<String>, List<T>> corpos,
                                    Function<T, String> id, ToLongFunction<T> versao) {
        List<Alteracao> alteracoes = chaves.alteracoes();
        Map<String, T> porId = new HashMap<>();
        if (!alteracoes.isEmpty()) {
            corpos.apply(alteracoes.stream().map(Alteracao::id).toList())
                  .forEach(corpo -> porId.put(id.apply(corpo), corpo));
        }
        List<AlteracaoLida<T>> lidas = new ArrayList<>();
        long ate = chaves.apos();
        for (Alteracao alteracao : alteracoes) {
            T corpo = porId.get(alteracao.id());
            if (corpo == null || versao.applyAsLong(corpo) != alteracao.versao()) {
                break;
            }
            lidas.add(new AlteracaoLida<>(alteracao, corpo));
            ate = alteracao.posicao();
        }
        return new PaginaLida<>(lidas, ate, chaves.temMais() || lidas.size() < alteracoes.size());
    }
}
