package br.com.lojaapi.query.pedido;

import br.com.lojaapi.coreapi.cliente.DadosCliente;
import br.com.lojaapi.coreapi.pedido.BuscarPedidoQuery;
import br.com.lojaapi.coreapi.pedido.CarimboDePedidosQuery;
import br.com.lojaapi.coreapi.pedido.EtiquetaDoPedido;
import br.com.lojaapi.coreapi.pedido.ClienteDoPedido;
import br.com.lojaapi.coreapi.pedido.ItemDoPedido;
import br.com.lojaapi.coreapi.pedido.ListarPedidosQuery;
import br.com.lojaapi.coreapi.pedido.NotaFiscalDoPedido;
import br.com.lojaapi.coreapi.pedido.PaginaDePedidos;
import br.com.lojaapi.coreapi.pedido.PaginaDePedidosLida;
import br.com.lojaapi.coreapi.pedido.Pagamento;
import br.com.lojaapi.coreapi.pedido.PedidoView;
import br.com.lojaapi.coreapi.pedido.PedidosPorIdQuery;
import br.com.lojaapi.coreapi.pedido.StatusPedido;
import br.com.lojaapi.coreapi.pedido.TipoEntrega;
import br.com.lojaapi.query.comum.Impressao;
import br.com.lojaapi.query.comum.Paginacao;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** Reads of the order read model: one order is one statement, and so is a page, which also gives its tag. */
@Component
class PedidoConsultas {

    private static final TypeReference<List<ItemDoPedido>> ITENS = new TypeReference<>() {
    };
    private static final TypeReference<List<Pagamento>> PAGAMENTOS = new TypeReference<>() {
    };
    private static final TypeReference<ClienteDoPedido> CLIENTE = new TypeReference<>() {
    };
    private static final TypeReference<DadosCliente> REGISTRADO = new TypeReference<>() {
    };
    private static final TypeReference<JsonNode> ARVORE = new TypeReference<>() {
    };
    private static final TypeReference<List<NotaFiscalDoPedido>> NOTAS = new TypeReference<>() {
    };
    private static final TypeReference<List<JsonNode>> ETIQUETAS = new TypeReference<>() {
    };

    private final NamedParameterJdbcTemplate jdbc;

    PedidoConsultas(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** One order with its invoices and labels, in one statement (a write's answer reads it too). */
    @QueryHandler
    Optional<PedidoView> handle(BuscarPedidoQuery consulta) {
        return jdbc.query("""
                SELECT p.*,
                       (SELECT json_agg(json_build_object('id', n.id, 'chave', n.chave, 'numero', n.numero,
                                                          'serie', n.serie, 'modelo', n.modelo, 'situacao', n.situacao,
                                                          'valorTotal', n.valor_total) ORDER BY n.criado_em, n.id)
                          FROM nota_fiscal_view n
                         WHERE n.loja_id = p.loja_id AND n.pedido_id = p.id AND n.removida_em IS NULL) AS anexas_notas,
                       (SELECT json_agg(json_build_object('etiqueta', e.etiqueta, 'versao', e.versao)
                                        ORDER BY e.criado_em, e.id)
                          FROM etiqueta_view e
                         WHERE e.loja_id = p.loja_id AND e.pedido_id = p.id AND e.removida_em IS NULL) AS anexas_etiquetas
                  FROM pedido_view p WHERE p.id = :id AND p.loja_id = :loja AND p.removido_em IS NULL""",
                new MapSqlParameterSource("id", consulta.pedidoId()).addValue("loja", consulta.lojaId()),
                (rs, i) -> pedido(rs).comAnexos(anexas(rs.getString("anexas_notas"), NOTAS),
                        anexas(rs.getString("anexas_etiquetas"), ETIQUETAS).stream()
                              .map(e -> etiqueta(e.get("etiqueta"), e.get("versao").asLong())).toList()))
                   .stream().findFirst();
    }

    private static <T> List<T> anexas(String json, TypeReference<List<T>> tipo) {
        return json == null ? List.of() : DocumentosDoPedido.ler(json, tipo);
    }

    /**
     * A page in one statement: its orders (newest first), the total as a subquery counted once, and each order's
     * invoices and carrier labels, tombstones included for the tag. The tag hashes what {@link CarimboDePedidosQuery}
     * selects for the same page, so a client's If-None-Match compares with either. A page past the end reads the
     * total on its own. The total is the store's kept count ({@link ContagemDePedidos}) unless a date bounds the
     * page, and then a count of the orders between its dates.
     */
    @QueryHandler
    PaginaDePedidosLida handle(ListarPedidosQuery consulta) {
        MapSqlParameterSource parametros = new MapSqlParameterSource("loja", consulta.lojaId());
        String filtro = filtro(consulta, parametros);
        String contagem = ContagemDePedidos.total(consulta, filtro);
        long deslocamento = (long) (consulta.pagina() - 1) * consulta.limite();
        Paginacao.pagina(parametros, consulta.pagina(), consulta.limite());
        Impressao tag = Impressao.de(consulta);
        long[] total = {-1};
        List<PedidoView> pedidos = jdbc.query("""
                SELECT p.*, (%2$s) AS total_da_lista,
                       (SELECT jsonb_agg(jsonb_build_array(f.id, f.versao, f.removida_em IS NULL, f.chave, f.numero,
                                                           f.serie, f.modelo, f.situacao, f.valor_total::text)
                                         ORDER BY f.criado_em, f.id)
                          FROM nota_fiscal_view f WHERE f.loja_id = :loja AND f.pedido_id = p.id) AS notas_da_lista,
                       (SELECT jsonb_agg(jsonb_build_array(e.id, e.versao, e.removida_em IS NULL, e.etiqueta)
                                         ORDER BY e.criado_em, e.id)
                          FROM etiqueta_view e WHERE e.loja_id = :loja AND e.pedido_id = p.id) AS etiquetas_da_lista
                  FROM pedido_view p WHERE %1$s
                 ORDER BY criado_em DESC, numero DESC""".formatted(filtro, contagem) + Paginacao.LIMITE,
                parametros, (rs, i) -> {
                    total[0] = rs.getLong("total_da_lista");
                    PedidoView pedido = pedido(rs);
                    tag.linha("p", deslocamento + i + 1, pedido.id(), pedido.versao());
                    return pedido.comAnexos(notas(rs.getString("notas_da_lista"), tag),
                            etiquetas(rs.getString("etiquetas_da_lista"), tag));
                });
        if (pedidos.isEmpty()) {
            Long contados = jdbc.queryForObject(contagem, parametros, Long.class);
            total[0] = contados == null ? 0 : contados;
        }
        tag.linha("t", 0, "", total[0]);
        return new PaginaDePedidosLida(new PaginaDePedidos(pedidos, total[0]), tag.daLista());
    }

    /** An order's invoices as the page read them ({@code [id, versao, ativa, ...]}): all in the tag, live ones shown. */
    private static List<NotaFiscalDoPedido> notas(String lidas, Impressao tag) {
        return anexos(lidas, "n", tag, n -> new NotaFiscalDoPedido(n.get(0).asText(), textoOuNulo(n.get(3)),
                n.get(4).asText(), textoOuNulo(n.get(5)), n.get(6).asText(), n.get(7).asText(),
                n.get(8).isNull() ? null : new BigDecimal(n.get(8).asText())));
    }

    /** An order's carrier labels as the page read them ({@code [id, versao, ativa, documento]}), likewise. */
    private static List<EtiquetaDoPedido> etiquetas(String lidas, Impressao tag) {
        return anexos(lidas, "e", tag, e -> etiqueta(e.get(3), e.get(1).asLong()));
    }

    /** Rows {@code [id, versao, ativa, ...]} of kind {@code tipo}: each one in the tag, the live ones shown. */
    private static <T> List<T> anexos(String lidos, String tipo, Impressao tag, Function<JsonNode, T> mostrado) {
        List<T> anexos = new ArrayList<>();
        if (lidos != null) {
            for (JsonNode anexo : DocumentosDoPedido.ler(lidos, ARVORE)) {
                tag.linha(tipo, 0, anexo.get(0).asText(), anexo.get(1).asLong());
                if (anexo.get(2).asBoolean()) {
                    anexos.add(mostrado.apply(anexo));
                }
            }
        }
        return anexos;
    }

    private static String textoOuNulo(JsonNode no) {
        return no.isNull() ? null : no.asText();
    }

    /** The bodies of an incremental-sync page: orders by id, tombstones included, with their invoices and labels. */
    @QueryHandler
    PaginaDePedidos handle(PedidosPorIdQuery consulta) {
        List<PedidoView> pedidos = Paginacao.porIds(jdbc, "*", "pedido_view", consulta.lojaId(), consulta.ids(),
                (rs, i) -> pedido(rs));
        return new PaginaDePedidos(comNotas(pedidos), pedidos.size());
    }

    /** The page's ETag: its rows' positions and versions, what they embed and the total, never their bodies. */
    @QueryHandler
    String handle(CarimboDePedidosQuery carimbo) {
        ListarPedidosQuery consulta = carimbo.pagina();
        MapSqlParameterSource parametros = new MapSqlParameterSource("loja", consulta.lojaId());
        String filtro = filtro(consulta, parametros);
        return Impressao.daPagina(jdbc, "id, versao", "pedido_view", filtro, "criado_em DESC, numero DESC",
                Impressao.PEDIDOS, ContagemDePedidos.total(consulta, filtro), parametros, consulta,
                consulta.pagina(), consulta.limite());
    }

    /** The WHERE condition of a page, adding its parameters: shared by the page and its ETag. */
    private static String filtro(ListarPedidosQuery consulta, MapSqlParameterSource parametros) {
        StringBuilder filtro = new StringBuilder("loja_id = :loja AND removido_em IS NULL");
        if (consulta.status() != null) {
            filtro.append(" AND status = :status");
            parametros.addValue("status", consulta.status().name());
        }
        if (consulta.desde() != null) {
            filtro.append(" AND criado_em >= :desde");
            parametros.addValue("desde", Timestamp.from(consulta.desde()));
        }
        if (consulta.ate() != null) {
            filtro.append(" AND criado_em <= :ate");
            parametros.addValue("ate", Timestamp.from(consulta.ate()));
        }
        return filtro.toString();
    }

    /** A carrier label as the order lists it: its read-model document without the file reference. */
    private static EtiquetaDoPedido etiqueta(JsonNode e, long versao) {
        JsonNode d = e.get("dados");
        JsonNode arquivo = e.get("arquivo");
        return new EtiquetaDoPedido(e.get("etiquetaId").asText(), texto(d, "transportadora"), texto(d, "servico"),
                texto(d, "codigoRastreio"), texto(d, "urlRastreio"),
                d.hasNonNull("volume") ? d.get("volume").asInt() : null, arquivo.get("formato").asText(),
                arquivo.get("tamanho").asLong(), texto(e, "origem"), Instant.parse(e.get("criadoEm").asText()),
                Instant.parse(e.get("atualizadoEm").asText()), avisos(e.get("avisos")), versao);
    }

    private static List<String> avisos(JsonNode avisos) {
        List<String> lista = new ArrayList<>();
        if (avisos != null) {
            avisos.forEach(a -> lista.add(a.asText()));
        }
        return lista;
    }

    private static String texto(JsonNode no, String campo) {
        return no.hasNonNull(campo) ? no.get(campo).asText() : null;
    }

    /**
     * The orders with the summaries of their linked invoices (another read model, kept by its own projection),
     * read in one query for the whole page.
     */
    private List<PedidoView> comNotas(List<PedidoView> pedidos) {
        if (pedidos.isEmpty()) {
            return pedidos;
        }
        Map<String, List<NotaFiscalDoPedido>> porPedido = new HashMap<>();
        MapSqlParameterSource parametros = new MapSqlParameterSource("loja", pedidos.get(0).lojaId())
                .addValue("pedidos", pedidos.stream().map(PedidoView::id).toList());
        jdbc.query("""
                SELECT pedido_id, id, chave, numero, serie, modelo, situacao, valor_total FROM nota_fiscal_view
                 WHERE loja_id = :loja AND pedido_id IN (:pedidos) AND removida_em IS NULL
                 ORDER BY criado_em, id""", parametros,
                (RowCallbackHandler) rs -> {
                    porPedido.computeIfAbsent(rs.getString("pedido_id"), k -> new ArrayList<>())
                             .add(new NotaFiscalDoPedido(rs.getString("id"), rs.getString("chave"),
                                     rs.getString("numero"), rs.getString("serie"), rs.getString("modelo"),
                                     rs.getString("situacao"), rs.getBigDecimal("valor_total")));
                });
        Map<String, List<EtiquetaDoPedido>> etiquetas = new HashMap<>();
        jdbc.query("""
                SELECT pedido_id, etiqueta, versao FROM etiqueta_view
                 WHERE loja_id = :loja AND pedido_id IN (:pedidos) AND removida_em IS NULL
                 ORDER BY criado_em, id""", parametros,
                (RowCallbackHandler) rs -> etiquetas.computeIfAbsent(rs.getString("pedido_id"), k -> new ArrayList<>())
                        .add(etiqueta(DocumentosDoPedido.ler(rs.getString("etiqueta"), ARVORE), rs.getLong("versao"))));
        return pedidos.stream().map(p -> p.comAnexos(porPedido.getOrDefault(p.id(), List.of()),
                etiquetas.getOrDefault(p.id(), List.of()))).toList();
    }

    private static PedidoView pedido(ResultSet rs) throws SQLException {
        return new PedidoView(rs.getString("id"), rs.getString("loja_id"), rs.getLong("numero"),
                StatusPedido.valueOf(rs.getString("status")), TipoEntrega.valueOf(rs.getString("tipo_entrega")),
                rs.getBigDecimal("subtotal"), rs.getBigDecimal("desconto"), rs.getBigDecimal("taxa_entrega"),
                rs.getBigDecimal("ajuste_pagamento"), rs.getBigDecimal("total"), rs.getString("observacoes"),
                rs.getString("motivo_cancelamento"), rs.getString("tempo_entrega"), rs.getString("codigo_rastreio"),
                rs.getString("url_rastreio"), rs.getString("pagamento_status"),
                DocumentosDoPedido.ler(rs.getString("pagamentos"), PAGAMENTOS),
                DocumentosDoPedido.ler(rs.getString("cliente"), CLIENTE), rs.getString("cliente_id"),
                DocumentosDoPedido.ler(rs.getString("cliente_registrado"), REGISTRADO),
                DocumentosDoPedido.ler(rs.getString("itens"), ITENS), List.of(), List.of(),
                rs.getTimestamp("criado_em").toInstant(),
                rs.getTimestamp("atualizado_em").toInstant(), rs.getLong("versao"));
    }
}
