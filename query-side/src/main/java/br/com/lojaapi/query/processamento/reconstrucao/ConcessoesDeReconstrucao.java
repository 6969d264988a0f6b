package br.com.lojaapi.query.processamento.reconstrucao;

import br.com.lojaapi.query.processamento.IdentidadeDoNo;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static br.com.lojaapi.query.processamento.reconstrucao.Reconstrucao.RECONSTRUINDO;

/**
 * The rebuilds as the nodes share them, one row per projection in {@code reconstrucao_projecao}: its primary key
 * makes a second rebuild of the same projection a conflict, the node named in {@code dono} runs the copy and renews
 * its lease, and a node whose lease lapsed (it stopped or died) is replaced by whichever node takes the row first.
 * Lease times are the database's clock, so nodes with skewed clocks agree on when one lapsed. Whoever starts or
 * takes over a rebuild also readies its copies: empty tables and no copy tokens.
 */
@Component
class ConcessoesDeReconstrucao {

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transacao;
    private final Esquemas esquemas;
    private final Clock relogio;
    private final String no;

    ConcessoesDeReconstrucao(JdbcTemplate jdbc, TransactionTemplate transacao, Esquemas esquemas, Clock relogio,
                             IdentidadeDoNo identidade) {
        this.jdbc = jdbc;
        this.transacao = transacao;
        this.esquemas = esquemas;
        this.relogio = relogio;
        this.no = identidade.id();
    }

    /** A rebuild under way: the node that holds it, its last renewal, and whether that is older than the lease. */
    record Linha(String nome, String dono, Timestamp renovadaEm, boolean expirada) {
    }

    String no() {
        return no;
    }

    /** Starts a rebuild held by this node, with empty copies; false when one is already under way. */
    boolean abrir(ModelosReconstruiveis.Modelo modelo) {
        Instant agora = relogio.instant();
        return Boolean.TRUE.equals(transacao.execute(status -> {
            int linhas = jdbc.update("""
                    INSERT INTO reconstrucao_projecao (nome, estado, esquema, dono, renovada_em, iniciada_em)
                    VALUES (?, 'reconstruindo', ?, ?, ?, ?)
                    ON CONFLICT (nome) DO UPDATE SET estado = 'reconstruindo', esquema = EXCLUDED.esquema,
                           dono = EXCLUDED.dono, renovada_em = EXCLUDED.renovada_em, iniciada_em = EXCLUDED.iniciada_em,
                           concluida_em = NULL, eventos = NULL, erro = NULL
                     WHERE reconstrucao_projecao.estado <> 'reconstruindo'""",
                    modelo.processador(), Esquemas.daCopia(modelo.processador()), no, Timestamp.from(agora),
                    Timestamp.from(agora));
            if (linhas == 0) {
                return false;
            }
            prepararCopias(modelo);
            return true;
        }));
    }

    /** The latest rebuild of each projection that was ever rebuilt. */
    Map<String, Reconstrucao> ultimas() {
        Map<String, Reconstrucao> porNome = new HashMap<>();
        jdbc.query("SELECT nome, estado, iniciada_em, concluida_em, eventos, erro FROM reconstrucao_projecao", rs -> {
            Instant inicio = rs.getTimestamp(3).toInstant();
            Timestamp fim = rs.getTimestamp(4);
            Long eventos = (Long) rs.getObject(5);
            Double porSegundo = null;
            if (fim != null && eventos != null) {
                long ms = Math.max(1, Duration.between(inicio, fim.toInstant()).toMillis());
                porSegundo = Math.round(eventos * 1000.0 / ms * 10) / 10.0;
            }
            porNome.put(rs.getString(1), new Reconstrucao(rs.getString(2), inicio, fim == null ? null : fim.toInstant(),
                    eventos, porSegundo, rs.getString(6)));
        });
        return porNome;
    }

    /** Every rebuild under way, on any node; {@code expirada} after {@code concessao} without renewal. */
    List<Linha> emAndamento(Duration concessao) {
        return jdbc.query("""
                SELECT nome, dono, renovada_em, renovada_em < now() - make_interval(secs => ?)
                  FROM reconstrucao_projecao WHERE estado = 'reconstruindo'""",
                (rs, i) -> new Linha(rs.getString(1), rs.getString(2), rs.getTimestamp(3), rs.getBoolean(4)),
                concessao.toMillis() / 1000.0);
    }

    /** Renews this node's lease; false when the rebuild is no longer this node's. */
    boolean renovar(String nome) {
        return jdbc.update("UPDATE reconstrucao_projecao SET renovada_em = now() WHERE nome = ? AND dono = ? AND estado = ?",
                           nome, no, RECONSTRUINDO) == 1;
    }

    /**
     * Takes over a lapsed rebuild and starts it again from the first event: its copies are unlogged, and if the
     * previous node stopped because PostgreSQL crashed they were emptied while the copy's tokens were kept.
     */
    boolean assumir(Linha linha, Optional<ModelosReconstruiveis.Modelo> modelo) {
        return Boolean.TRUE.equals(transacao.execute(status -> {
            int linhas = jdbc.update("""
                    UPDATE reconstrucao_projecao SET dono = ?, renovada_em = now(), iniciada_em = now()
                     WHERE nome = ? AND estado = ? AND dono IS NOT DISTINCT FROM ? AND renovada_em = ?""",
                    no, linha.nome(), RECONSTRUINDO, linha.dono(), linha.renovadaEm());
            if (linhas != 1 || modelo.isEmpty()) {
                return linhas == 1;
            }
            prepararCopias(modelo.get());
            return true;
        }));
    }

    /** Empty copies and no copy tokens: the rebuild starts from the first event, still owned by this node. */
    void recomecar(ModelosReconstruiveis.Modelo modelo) {
        transacao.executeWithoutResult(status -> prepararCopias(modelo));
    }

    /** In the swap's transaction: locks the rebuild's row and says whether it is still this node's. */
    boolean aindaDesteNo(String nome) {
        String dono = jdbc.query("SELECT dono FROM reconstrucao_projecao WHERE nome = ? AND estado = ? FOR UPDATE",
                                 rs -> rs.next() ? rs.getString(1) : null, nome, RECONSTRUINDO);
        return no.equals(dono);
    }

    /** In the swap's transaction, the copies swapped in: the rebuild ends, having applied the events up to {@code ate}. */
    long concluir(String nome, long ate) {
        jdbc.update("DELETE FROM token_entry WHERE processor_name = ?", ProjecaoSombra.nome(nome));
        Long aplicados = jdbc.queryForObject("SELECT COUNT(*) FROM domain_event_entry WHERE global_index <= ?",
                                             Long.class, ate);
        jdbc.update("""
                UPDATE reconstrucao_projecao SET estado = 'concluida', concluida_em = ?, eventos = ?, dono = NULL
                 WHERE nome = ?""", Timestamp.from(relogio.instant()), aplicados, nome);
        return aplicados;
    }

    /** Ends this node's rebuild as failed; one another node has taken over meanwhile is left alone. */
    void falhar(String nome, String mensagem) {
        transacao.executeWithoutResult(status -> {
            int minhas = jdbc.update("""
                    UPDATE reconstrucao_projecao SET estado = 'falhou', concluida_em = ?, erro = ?, dono = NULL
                     WHERE nome = ? AND estado = 'reconstruindo' AND dono = ?""",
                    Timestamp.from(relogio.instant()), mensagem, nome, no);
            if (minhas == 1) {
                jdbc.update("DELETE FROM token_entry WHERE processor_name = ?", ProjecaoSombra.nome(nome));
                esquemas.descartar(nome);
            }
        });
    }

    /** How far the bulk load of the rebuild under way has written its copy; null when it has not or has none. */
    Long emMassaAte(String nome) {
        return jdbc.query("SELECT em_massa_ate FROM reconstrucao_projecao WHERE nome = ? AND estado = ?",
                          rs -> rs.next() ? (Long) rs.getObject(1) : null, nome, RECONSTRUINDO);
    }

    private void prepararCopias(ModelosReconstruiveis.Modelo modelo) {
        jdbc.update("DELETE FROM token_entry WHERE processor_name = ?", ProjecaoSombra.nome(modelo.processador()));
        jdbc.update("UPDATE reconstrucao_projecao SET em_massa_ate = NULL WHERE nome = ?", modelo.processador());
        esquemas.preparar(modelo);
    }
}
