package br.com.lojaapi.query.webhook;

import br.com.lojaapi.coreapi.entrega.BuscarEntregaQuery;
import br.com.lojaapi.coreapi.entrega.EntregaView;
import br.com.lojaapi.coreapi.entrega.ListarEntregasParaRecuperarQuery;
import br.com.lojaapi.coreapi.entrega.ListarTentativasQuery;
import br.com.lojaapi.coreapi.entrega.PaginaDeTentativas;
import br.com.lojaapi.coreapi.entrega.TentativaDeEntregaView;
import br.com.lojaapi.coreapi.webhook.BuscarWebhookQuery;
import br.com.lojaapi.coreapi.webhook.ListarWebhooksQuery;
import br.com.lojaapi.coreapi.webhook.WebhookView;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Component;

import java.sql.Array;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

@Component
class WebhookConsultas {

    /**
     * A webhook's last delivery is its latest attempt in the delivery log, read through the log's index by webhook:
     * kept on the webhook's row instead, it cost a statement (and a notification) per webhook per batch of a
     * fan-out's attempts.
     */
    private static final String ULTIMA_ENTREGA = """
            (SELECT max(t.enviado_em) FROM entrega_tentativa_view t WHERE t.webhook_id = webhook_view.id)""";
    private static final String COLUNAS = "id, loja_id, nome, url, eventos, removido_em, " + ULTIMA_ENTREGA
            + " AS ultima_entrega, criado_em, versao";
    private static final RowMapper<WebhookView> WEBHOOK = (rs, i) -> new WebhookView(rs.getString("id"),
            rs.getString("loja_id"), rs.getString("nome"), rs.getString("url"), textos(rs.getArray("eventos")),
            rs.getTimestamp("removido_em") == null, instante(rs.getTimestamp("ultima_entrega")),
            instante(rs.getTimestamp("criado_em")), rs.getLong("versao"));

    private final JdbcTemplate jdbc;

    WebhookConsultas(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @QueryHandler
    List<WebhookView> handle(ListarWebhooksQuery consulta) {
        return jdbc.query("SELECT " + COLUNAS + " FROM webhook_view WHERE loja_id = ? AND removido_em IS NULL "
                + "ORDER BY criado_em, id", WEBHOOK, consulta.lojaId());
    }

    @QueryHandler
    Optional<WebhookView> handle(BuscarWebhookQuery consulta) {
        return jdbc.query("SELECT " + COLUNAS + " FROM webhook_view WHERE id = ? AND loja_id = ?"
                        + (consulta.incluirRemovido() ? "" : " AND removido_em IS NULL"),
                WEBHOOK, consulta.webhookId(), consulta.lojaId()).stream().findFirst();
    }

    @QueryHandler
    Optional<EntregaView> handle(BuscarEntregaQuery consulta) {
        return jdbc.query("SELECT id, webhook_id, evento, serie, situacao FROM entrega_view "
                        + "WHERE id = ? AND webhook_id = ? AND loja_id = ?",
                (rs, i) -> new EntregaView(rs.getString(1), rs.getString(2), rs.getString(3), rs.getInt(4),
                        rs.getString(5)), consulta.entregaId(), consulta.webhookId(), consulta.lojaId())
                   .stream().findFirst();
    }

    @QueryHandler
    PaginaDeTentativas handle(ListarTentativasQuery consulta) {
        StringBuilder filtro = new StringBuilder(" WHERE t.webhook_id = ? AND t.loja_id = ?");
        List<Object> parametros = new ArrayList<>(List.of(consulta.webhookId(), consulta.lojaId()));
        if (consulta.sucesso() != null) {
            filtro.append(" AND t.sucesso = ?");
            parametros.add(consulta.sucesso());
        }
        if (consulta.evento() != null) {
            filtro.append(" AND e.evento = ?");
            parametros.add(consulta.evento());
        }
        String de = " FROM entrega_tentativa_view t JOIN entrega_view e ON e.id = t.entrega_id" + filtro;
        List<Object> pagina = new ArrayList<>(parametros);
        pagina.add(consulta.limite());
        pagina.add((long) (consulta.page() - 1) * consulta.limite());
        List<TentativaDeEntregaView> tentativas = jdbc.query("""
                SELECT t.entrega_id, e.evento, t.serie, t.tentativa, t.sucesso, t.status_http, t.duracao_ms,
                       e.payload, t.resposta, t.erro, t.enviado_em, t.proxima_tentativa_em""" + de + """
                \sORDER BY t.enviado_em DESC, t.entrega_id, t.serie DESC, t.tentativa DESC
                 LIMIT ? OFFSET ?""",
                (rs, i) -> new TentativaDeEntregaView(rs.getString(1), rs.getString(2), rs.getInt(3), rs.getInt(4),
                        rs.getBoolean(5), (Integer) rs.getObject(6), rs.getLong(7), rs.getString(8),
                        rs.getString(9), rs.getString(10), instante(rs.getTimestamp(11)),
                        instante(rs.getTimestamp(12))),
                pagina.toArray());
        Long total = jdbc.queryForObject("SELECT count(*)" + de, Long.class, parametros.toArray());
        return new PaginaDeTentativas(tentativas, total == null ? 0 : total);
    }

    /**
     * As the log shows them: the latest attempt of the delivery's current series failed and was its last
     * ({@code proxima_tentativa_em} null), sent at or after {@code desde}. A series asked for but without an
     * attempt yet is not over, so it is left out.
     */
    @QueryHandler
    List<String> handle(ListarEntregasParaRecuperarQuery consulta) {
        return jdbc.queryForList("""
                SELECT e.id FROM entrega_view e
                  JOIN LATERAL (SELECT t.serie, t.sucesso, t.proxima_tentativa_em, t.enviado_em
                                  FROM entrega_tentativa_view t WHERE t.entrega_id = e.id
                                 ORDER BY t.serie DESC, t.tentativa DESC LIMIT 1) u ON TRUE
                 WHERE e.webhook_id = ? AND e.loja_id = ? AND NOT e.teste
                   AND u.serie = e.serie AND NOT u.sucesso AND u.proxima_tentativa_em IS NULL AND u.enviado_em >= ?
                 ORDER BY u.enviado_em, e.id
                 LIMIT ?""", String.class, consulta.webhookId(), consulta.lojaId(), Timestamp.from(consulta.desde()),
                consulta.limite());
    }

    private static List<String> textos(Array array) throws SQLException {
        return array == null ? List.of() : Arrays.asList((String[]) array.getArray());
    }

    private static Instant instante(Timestamp momento) {
        return momento == null ? null : momento.toInstant();
    }
}
