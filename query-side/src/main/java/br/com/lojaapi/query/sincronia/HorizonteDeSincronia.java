package br.com.lojaapi.query.sincronia;

import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.query.processamento.TokensGuardados;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventhandling.WrappedToken;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * How far incremental sync may go. Sync lists a model's rows in order of their position, the global index of the
 * last event its projection applied to each (written with {@code versao}), and hands out only rows below the
 * horizon {@code H}: the lowest global index whose event may still change the model. Computed per page, in the
 * page's snapshot, from the shared database alone, so every node computes it alike.
 * <p>
 * <b>Exact.</b> A row is listed again whenever an event changes it, at that event's index. A poller holding a
 * cursor at position {@code p < H} can miss a change only if an event with an index at or below {@code p} is
 * applied after its page was read; and a change comes once per version, because a row's position moves only with
 * a new version. So {@code H} must be at or below every index whose event is not yet in the page's snapshot of the
 * model. Such an index is one of:
 * <ol>
 * <li>an event of the model's aggregate that is committed but whose row's {@code versao} is still below its
 * sequence number (the projection has not applied it). Every event of these aggregates moves its row's version
 * (also what read-your-writes waits on);</li>
 * <li>an index without a committed event in the snapshot, in a transaction still open: it may commit later;</li>
 * <li>an index not yet taken: the sequence hands it out above every index taken so far, so above every row's
 * position, and {@code H} never exceeds the highest committed index + 1.</li>
 * </ol>
 * Only indexes the projection may still apply need looking at: those its tokens (the shared {@code token_entry},
 * read in the same snapshot, since a batch stores its token in the transaction that writes its rows) place above
 * the slowest segment's position, or list as gaps. Below that, every committed event was handled, and an index
 * Axon gave up as a gap is one the model never applies. An index without a committed event is harmless only once
 * it is known never to get one: {@link LacunasEncerradas} settles indexes, and its bound is read before the
 * page's snapshot is taken, so anything it settled that committed is in the snapshot, and the rest never will be.
 * <p>
 * <b>Fresh.</b> A write answers once its own row is in the model (read-your-writes, on whichever node runs the
 * projection); from then on its row is listed on every node as soon as nothing below it is pending: no write that
 * took a lower index is still open, and every index a rolled-back write left below it is settled (a round of
 * {@link LacunasEncerradas}, about 100 ms, plus the life of the transactions open at that moment). The tokens'
 * positions may lag (a pooled processor stores a segment's token lazily while its events go to other segments):
 * that widens the range looked at, not the horizon, because the rows themselves say what was applied.
 */
@Component
class HorizonteDeSincronia {

    /**
     * Events looked at above the slowest segment at most. A projection further behind than this is replaying or
     * stalled, and the horizon stays within the range looked at: exact, just not further.
     */
    private static final int JANELA = 5_000;

    private final TokensGuardados tokens;
    private final JdbcTemplate jdbc;
    private final LacunasEncerradas lacunas;

    HorizonteDeSincronia(TokensGuardados tokens, JdbcTemplate jdbc, LacunasEncerradas lacunas) {
        this.tokens = tokens;
        this.jdbc = jdbc;
        this.lacunas = lacunas;
    }

    /** The model's projection, its aggregate's type in the event store and its table. */
    private record Projecao(String processador, String agregado, String tabela) {
        static Projecao de(ModeloLeitura modelo) {
            return switch (modelo) {
                case PRODUTO -> new Projecao("produto-view", "Produto", "produto_view");
                case PEDIDO -> new Projecao("pedido-view", "Pedido", "pedido_view");
                case CLIENTE -> new Projecao("cliente-view", "Cliente", "cliente_view");
                default -> throw new IllegalArgumentException("Sem sincronia para " + modelo);
            };
        }
    }

    /** One event looked at: {@code pendente} when it is the model's and not applied yet. */
    private record Evento(long indice, boolean pendente) {
    }

    /** The settled bound to pass to {@link #ate}: read before the page's transaction starts. */
    long encerradas() {
        return lacunas.ate();
    }

    /** The horizon: in the page's REPEATABLE READ transaction, before the page is read. */
    long ate(ModeloLeitura modelo, long encerradas) {
        Projecao projecao = Projecao.de(modelo);
        Map<Integer, TrackingToken> segmentos = tokens.de(projecao.processador());
        long posicao = segmentos.isEmpty() ? 0 : Long.MAX_VALUE;
        TreeSet<Long> lacunasDosTokens = new TreeSet<>();
        for (TrackingToken guardado : segmentos.values()) {
            TrackingToken token = guardado == null ? null : WrappedToken.unwrapLowerBound(guardado);
            if (token instanceof GapAwareTrackingToken lacunoso) {
                posicao = Math.min(posicao, lacunoso.getIndex());
                lacunasDosTokens.addAll(lacunoso.getGaps());
            } else {
                posicao = Math.min(posicao, token == null ? 0 : token.position().orElse(0));
            }
        }
        // global indexes start at 1
        posicao = Math.max(posicao, 0);
        String pendente = """
                SELECT e.global_index, e.type = ? AND NOT EXISTS (
                           SELECT 1 FROM %s v WHERE v.id = e.aggregate_identifier AND v.versao >= e.sequence_number)
                  FROM domain_event_entry e""".formatted(projecao.tabela());
        long horizonte = Long.MAX_VALUE;
        List<Long> abaixo = List.copyOf(lacunasDosTokens.headSet(posicao, true));
        if (!abaixo.isEmpty()) {
            List<Evento> eventos = jdbc.query(pendente + " WHERE e.global_index = ANY(?::bigint[]) ORDER BY 1",
                    (rs, i) -> new Evento(rs.getLong(1), rs.getBoolean(2)), projecao.agregado(), lista(abaixo));
            horizonte = primeiraEmAberto(abaixo, eventos, encerradas);
        }
        List<Evento> acima = jdbc.query(pendente + " WHERE e.global_index > ? ORDER BY 1 LIMIT " + JANELA,
                (rs, i) -> new Evento(rs.getLong(1), rs.getBoolean(2)), projecao.agregado(), posicao);
        return Math.min(horizonte, primeiraAcima(posicao, acima, encerradas));
    }

    /** Of the tokens' gaps below their position, the first still open: unsettled and not committed, or pending. */
    private static long primeiraEmAberto(List<Long> lacunas, List<Evento> eventos, long encerradas) {
        Map<Long, Boolean> porIndice = new java.util.HashMap<>();
        eventos.forEach(e -> porIndice.put(e.indice(), e.pendente()));
        for (long lacuna : lacunas) {
            Boolean pendente = porIndice.get(lacuna);
            if (pendente == null ? lacuna > encerradas : pendente) {
                return lacuna;
            }
        }
        return Long.MAX_VALUE;
    }

    /**
     * Walking up from the slowest segment's position: the first index without a committed event that is not
     * settled, or the first pending event; else the one after the last event looked at.
     */
    private static long primeiraAcima(long posicao, List<Evento> eventos, long encerradas) {
        long anterior = posicao;
        for (Evento evento : eventos) {
            long faltando = Math.max(anterior + 1, encerradas + 1);
            if (faltando < evento.indice()) {
                return faltando;
            }
            if (evento.pendente()) {
                return evento.indice();
            }
            anterior = evento.indice();
        }
        return anterior + 1;
    }

    private static String lista(List<Long> indices) {
        StringBuilder texto = new StringBuilder("{");
        indices.forEach(l -> texto.append(texto.length() > 1 ? "," : "").append(l));
        return texto.append('}').toString();
    }
}
