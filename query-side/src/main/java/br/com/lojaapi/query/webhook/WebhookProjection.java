package br.com.lojaapi.query.webhook;

import br.com.lojaapi.coreapi.entrega.EntregaConcluidaEvent;
import br.com.lojaapi.coreapi.entrega.EntregaFalhouEvent;
import br.com.lojaapi.coreapi.entrega.EntregaIniciadaEvent;
import br.com.lojaapi.coreapi.entrega.ReenvioSolicitadoEvent;
import br.com.lojaapi.coreapi.entrega.TentativaRegistradaEvent;
import br.com.lojaapi.coreapi.webhook.WebhookCriadoEvent;
import br.com.lojaapi.coreapi.webhook.WebhookRemovidoEvent;
import br.com.lojaapi.query.comum.TabelasDoModelo;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Read models of webhooks and of their delivery log. Inserts ignore rows already there and updates are guarded
 * (by version, by series, by time), so a replay or a batch processed twice leaves the same rows. Only reads
 * events: nothing here sends anything, so it can be replayed freely.
 */
@Component
@TabelasDoModelo({"webhook_view", "entrega_view", "entrega_tentativa_view"})
@ProcessingGroup(WebhookProjection.GRUPO)
class WebhookProjection {

    static final String GRUPO = "webhook-view";
    private static final String ESCRITAS = "webhook-view.escritas";

    private final JdbcTemplate jdbc;

    WebhookProjection(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @EventHandler
    void on(WebhookCriadoEvent e, @SequenceNumber long versao) {
        jdbc.update(con -> {
            var sql = con.prepareStatement("""
                    INSERT INTO webhook_view (id, loja_id, nome, url, eventos, criado_em, versao)
                    VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING""");
            sql.setString(1, e.webhookId());
            sql.setString(2, e.lojaId());
            sql.setString(3, e.nome());
            sql.setString(4, e.url());
            sql.setArray(5, con.createArrayOf("text", e.eventos().toArray()));
            sql.setTimestamp(6, momento(e.criadoEm()));
            sql.setLong(7, versao);
            return sql;
        });
    }

    @EventHandler
    void on(WebhookRemovidoEvent e, @SequenceNumber long versao) {
        jdbc.update("UPDATE webhook_view SET removido_em = ?, versao = ? WHERE id = ? AND versao < ?",
                momento(e.removidoEm()), versao, e.webhookId(), versao);
    }

    @EventHandler
    void on(EntregaIniciadaEvent e) {
        escritas().inicio(e.entregaId(), e.lojaId(), e.webhookId(), e.evento(), e.corpo(), momento(e.iniciadaEm()),
                e.teste());
    }

    @EventHandler
    void on(ReenvioSolicitadoEvent e) {
        escritas().atualizacao(REENVIO, e.serie(), e.entregaId(), e.serie());
    }

    @EventHandler
    void on(TentativaRegistradaEvent e) {
        escritas().tentativa(e.entregaId(), e.serie(), e.tentativa(), e.lojaId(), e.webhookId(), e.sucesso(),
                e.statusHttp(), e.duracaoMs(), e.resposta(), e.erro(), momento(e.enviadoEm()),
                momento(e.proximaTentativaEm()));
        if (e.sucesso()) {
            // a successful attempt ends its series (decision 075)
            situacao(e.entregaId(), e.serie(), "ENTREGUE");
        }
    }

    /** Only stored before decision 075, after the successful attempt that already set it. */
    @EventHandler
    void on(EntregaConcluidaEvent e) {
        situacao(e.entregaId(), e.serie(), "ENTREGUE");
    }

    @EventHandler
    void on(EntregaFalhouEvent e) {
        situacao(e.entregaId(), e.serie(), "FALHOU");
    }

    @ResetHandler
    void reset() {
        jdbc.execute("TRUNCATE webhook_view, entrega_view, entrega_tentativa_view");
    }

    private void situacao(String entregaId, int serie, String situacao) {
        escritas().atualizacao(SITUACAO, situacao, entregaId, serie);
    }

    private static final String INICIO = """
            INSERT INTO entrega_view (id, loja_id, webhook_id, evento, payload, serie, situacao, iniciada_em, teste)
            VALUES (?, ?, ?, ?, ?, 1, 'PENDENTE', ?, ?) ON CONFLICT (id) DO NOTHING""";
    private static final String TENTATIVA = """
            INSERT INTO entrega_tentativa_view (entrega_id, serie, tentativa, loja_id, webhook_id, sucesso,
                   status_http, duracao_ms, resposta, erro, enviado_em, proxima_tentativa_em)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING""";
    private static final String REENVIO =
            "UPDATE entrega_view SET serie = ?, situacao = 'PENDENTE' WHERE id = ? AND serie < ?";
    private static final String SITUACAO = "UPDATE entrega_view SET situacao = ? WHERE id = ? AND serie = ?";
    /** A run of {@link #SITUACAO}s as one statement: under a fan-out, most of a batch's events end a series. */
    private static final String SITUACOES = """
            UPDATE entrega_view e SET situacao = s.situacao
              FROM unnest(?::varchar[], ?::varchar[], ?::int[]) AS s(situacao, id, serie)
             WHERE e.id = s.id AND e.serie = s.serie""";

    /** The current batch's writes to the delivery log, made when it commits; outside a batch, at once. */
    private Escritas escritas() {
        if (!CurrentUnitOfWork.isStarted()) {
            return new Escritas(true);
        }
        UnitOfWork<?> lote = CurrentUnitOfWork.get().root();
        return lote.getOrComputeResource(ESCRITAS, k -> {
            Escritas novas = new Escritas(false);
            lote.onPrepareCommit(u -> novas.gravar());
            return novas;
        });
    }

    /**
     * A batch's writes to the delivery log as a few JDBC batches instead of a statement per event (decision 075).
     * The inserts go first: a delivery's start is the first event of its stream and an attempt's row commutes with
     * everything, so no event's update can need to come before them. The updates then run in the events' order
     * (a redelivery's and a series' end on one delivery do not commute), each run of the same statement as one batch.
     */
    private final class Escritas {

        private final boolean imediatas;
        private final List<Object[]> inicios = new ArrayList<>();
        private final List<Object[]> tentativas = new ArrayList<>();
        private final List<Map.Entry<String, Object[]>> atualizacoes = new ArrayList<>();

        private Escritas(boolean imediatas) {
            this.imediatas = imediatas;
        }

        void inicio(Object... valores) {
            inicios.add(valores);
            seImediatas();
        }

        void tentativa(Object... valores) {
            tentativas.add(valores);
            seImediatas();
        }

        void atualizacao(String sql, Object... valores) {
            atualizacoes.add(Map.entry(sql, valores));
            seImediatas();
        }

        private void seImediatas() {
            if (imediatas) {
                gravar();
            }
        }

        void gravar() {
            if (!inicios.isEmpty()) {
                jdbc.batchUpdate(INICIO, inicios);
            }
            if (!tentativas.isEmpty()) {
                jdbc.batchUpdate(TENTATIVA, tentativas);
            }
            for (int i = 0; i < atualizacoes.size(); ) {
                String sql = atualizacoes.get(i).getKey();
                List<Object[]> seguidas = new ArrayList<>();
                for (; i < atualizacoes.size() && atualizacoes.get(i).getKey().equals(sql); i++) {
                    seguidas.add(atualizacoes.get(i).getValue());
                }
                if (sql.equals(SITUACAO) && seguidas.size() > 1) {
                    situacoes(seguidas);
                } else {
                    jdbc.batchUpdate(sql, seguidas);
                }
            }
            inicios.clear();
            tentativas.clear();
            atualizacoes.clear();
        }

        /**
         * One row per delivery and series, the last one of the run: an {@code UPDATE ... FROM} applies one of the
         * rows that match a target row, not all of them in order. A series ends once, so a repeat is the same
         * event seen twice.
         */
        private void situacoes(List<Object[]> seguidas) {
            Map<List<Object>, Object[]> ultimas = new LinkedHashMap<>();
            seguidas.forEach(v -> ultimas.put(List.of(v[1], v[2]), v));
            jdbc.update(con -> {
                var sql = con.prepareStatement(SITUACOES);
                sql.setArray(1, con.createArrayOf("varchar", ultimas.values().stream().map(v -> v[0]).toArray()));
                sql.setArray(2, con.createArrayOf("varchar", ultimas.values().stream().map(v -> v[1]).toArray()));
                sql.setArray(3, con.createArrayOf("integer", ultimas.values().stream().map(v -> v[2]).toArray()));
                return sql;
            });
        }
    }

    private static Timestamp momento(Instant instante) {
        return instante == null ? null : Timestamp.from(instante);
    }
}
