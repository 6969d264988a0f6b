package convencional;

import com.fasterxml.jackson.databind.JsonNode;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.stream.IntStream;

/**
 * Orders in plain SQL. A new order is one transaction: one conditional stock update per line (in product order, so
 * concurrent orders never deadlock; the update itself is the stock check, and rounds the quantity up to the
 * product's sale multiple), the store's next number, the order, its lines and an outbox row for its webhook.
 * A page of orders is the count, the page, then the lines, invoices and labels of its orders.
 */
@Component
class Pedidos {

    private static final String QUANTIDADE = """
            (SELECT CASE WHEN multiplo_venda > 1 THEN ceil(?::numeric / multiplo_venda) * multiplo_venda
                         ELSE ?::numeric END AS qtd
               FROM convencional.produto WHERE id = ?) q""";
    private static final String BAIXAR_PRODUTO = """
            UPDATE convencional.produto p
               SET quantidade_estoque = p.quantidade_estoque - CASE WHEN p.controla_estoque THEN q.qtd ELSE 0 END,
                   versao = p.versao + CASE WHEN p.controla_estoque THEN 1 ELSE 0 END,
                   atualizado_em = CASE WHEN p.controla_estoque THEN now() ELSE p.atualizado_em END
              FROM """ + QUANTIDADE + """

             WHERE p.id = ? AND p.loja_id = ? AND p.deletado_em IS NULL AND p.disponivel AND NOT p.tem_variacoes
               AND (NOT p.controla_estoque OR p.quantidade_estoque >= q.qtd)
            RETURNING p.id, p.nome, p.sku, p.cod_integracao, p.codigo_barras, p.imagens::text AS imagens, p.unidade,
                      p.quantidade_estoque, coalesce(p.preco_promocional, p.preco) AS preco, q.qtd,
                      NULL AS v_id, NULL AS v_nome, NULL AS v_valor1, NULL AS v_valor2, NULL AS v_sku,
                      NULL::bigint AS v_cod_integracao, NULL AS v_codigo_barras, NULL::numeric AS v_estoque""";
    private static final String BAIXAR_VARIACAO = """
            UPDATE convencional.variacao v
               SET quantidade_estoque = v.quantidade_estoque - CASE WHEN p.controla_estoque THEN q.qtd ELSE 0 END
              FROM convencional.produto p, """ + QUANTIDADE + """

             WHERE v.id = ? AND v.produto_id = ? AND p.id = v.produto_id AND p.loja_id = ?
               AND p.deletado_em IS NULL AND p.disponivel
               AND (NOT p.controla_estoque OR v.quantidade_estoque >= q.qtd)
            RETURNING p.id, p.nome, p.sku, p.cod_integracao, p.codigo_barras, p.imagens::text AS imagens, p.unidade,
                      p.quantidade_estoque, coalesce(v.preco, p.preco_promocional, p.preco) AS preco, q.qtd,
                      v.id AS v_id, v.nome AS v_nome, v.valor1 AS v_valor1, v.valor2 AS v_valor2, v.sku AS v_sku,
                      v.cod_integracao AS v_cod_integracao, v.codigo_barras AS v_codigo_barras,
                      v.quantidade_estoque AS v_estoque""";
    private static final String POR_QUE_NAO = """
            SELECT nome, disponivel, tem_variacoes FROM convencional.produto
             WHERE id = ? AND loja_id = ? AND deletado_em IS NULL""";
    private static final String NUMERO = """
            UPDATE convencional.loja SET proximo_numero = proximo_numero + 1 WHERE id = ? RETURNING proximo_numero - 1""";
    private static final String GRAVAR_PEDIDO = """
            INSERT INTO convencional.pedido (id, loja_id, numero, status, tipo_entrega, subtotal, desconto,
                   taxa_entrega, ajuste_pagamento, total, observacoes, pagamentos, cliente_nome, cliente_celular,
                   cliente_email, cliente_documento, cliente_endereco, cliente_bairro, cliente_cidade, cliente_uf,
                   cliente_cep, cliente_numero, cliente_complemento, cliente_referencia, criado_em, atualizado_em,
                   versao)
            VALUES (?, ?, ?, 'PENDENTE', ?, ?, ?, ?, 0, ?, ?, '[]', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)""";
    private static final String GRAVAR_ITEM = """
            INSERT INTO convencional.pedido_item (id, pedido_id, linha, quantidade, preco_unit, produto, variacao,
                   observacao, opcoes)
            VALUES (?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?::jsonb)""";
    private static final String GRAVAR_SAIDA = """
            INSERT INTO convencional.outbox (loja_id, evento, recurso, corpo) VALUES (?, 'pedido.criado', ?, ?::jsonb)""";

    private static final String FILTRO = """
             WHERE loja_id = :loja AND removido_em IS NULL
               AND (CAST(:status AS varchar) IS NULL OR status = :status)
               AND (CAST(:desde AS timestamptz) IS NULL OR criado_em >= :desde)
               AND (CAST(:ate AS timestamptz) IS NULL OR criado_em <= :ate)""";

    record Pagina(long total, List<Map<String, Object>> pedidos) {
    }

    /** One line of a new order, as its stock update returned it. */
    private record Linha(int posicao, Map<String, Object> item, BigDecimal quantidade, BigDecimal preco) {
    }

    private final JdbcTemplate jdbc;
    private final NamedParameterJdbcTemplate nomeado;
    private final Json json;

    Pedidos(JdbcTemplate jdbc, NamedParameterJdbcTemplate nomeado, Json json) {
        this.jdbc = jdbc;
        this.nomeado = nomeado;
        this.json = json;
    }

    @Transactional
    public Map<String, Object> criar(String loja, String tipo, CorpoDePedido corpo) {
        List<CorpoDePedido.Item> itens = corpo.itens();
        Linha[] linhas = new Linha[itens.size()];
        IntStream.range(0, itens.size()).boxed()
                 .sorted(Comparator.comparing((Integer i) -> itens.get(i).produtoId())
                                   .thenComparing(i -> Objects.toString(itens.get(i).variacaoId(), "")))
                 .forEach(i -> linhas[i] = baixar(loja, i, itens.get(i)));
        long numero = jdbc.queryForObject(NUMERO, Long.class, loja);

        BigDecimal subtotal = BigDecimal.ZERO;
        for (Linha linha : linhas) {
            subtotal = subtotal.add(linha.preco().multiply(linha.quantidade()));
        }
        subtotal = subtotal.setScale(2, RoundingMode.HALF_UP);
        BigDecimal desconto = corpo.desconto() == null ? BigDecimal.ZERO : corpo.desconto();
        BigDecimal taxa = corpo.taxaEntrega() == null ? BigDecimal.ZERO : corpo.taxaEntrega();
        BigDecimal total = subtotal.subtract(desconto).add(taxa);
        if (total.signum() < 0) {
            throw Erro.invalido("desconto maior que o valor do pedido");
        }
        String id = UUID.randomUUID().toString();
        Instant agora = Instant.now().truncatedTo(ChronoUnit.MICROS);
        CorpoDePedido.Cliente c = corpo.cliente();
        jdbc.update(GRAVAR_PEDIDO, id, loja, numero, tipo, subtotal, desconto, taxa, total, corpo.observacoes(),
                c.nome(), c.celular(), c.email(), c.documento(), c.endereco(), c.bairro(), c.cidade(), c.uf(),
                c.cep(), c.numero(), c.complemento(), c.referencia(), Timestamp.from(agora), Timestamp.from(agora));
        List<Object[]> gravadas = new ArrayList<>(linhas.length);
        List<Map<String, Object>> doPedido = new ArrayList<>(linhas.length);
        for (Linha linha : linhas) {
            Map<String, Object> item = linha.item();
            CorpoDePedido.Item pedido = itens.get(linha.posicao());
            JsonNode opcoes = pedido.opcoes();
            item.put("observacao", pedido.observacao());
            item.put("opcoes", opcoes == null || opcoes.isNull() ? null : opcoes);
            gravadas.add(new Object[]{item.get("id"), id, linha.posicao() + 1, linha.quantidade(), linha.preco(),
                    json.escrever(item.get("produto")), item.get("variacao") == null ? null
                    : json.escrever(item.get("variacao")), pedido.observacao(),
                    opcoes == null || opcoes.isNull() ? null : json.escrever(opcoes)});
            doPedido.add(item);
        }
        jdbc.batchUpdate(GRAVAR_ITEM, gravadas);
        Map<String, Object> pedido = pedido(id, numero, "PENDENTE", tipo, subtotal, desconto, taxa, BigDecimal.ZERO,
                total, corpo.observacoes(), null, null, null, null, null, c, doPedido, List.of(), List.of(), agora,
                agora, 0);
        jdbc.update(GRAVAR_SAIDA, loja, id, json.escrever(pedido));
        return pedido;
    }

    private Linha baixar(String loja, int posicao, CorpoDePedido.Item item) {
        BigDecimal pedida = item.quantidade();
        List<Linha> linhas = item.variacaoId() == null
                ? jdbc.query(BAIXAR_PRODUTO, (r, n) -> linha(posicao, r), pedida, pedida, item.produtoId(),
                             item.produtoId(), loja)
                : jdbc.query(BAIXAR_VARIACAO, (r, n) -> linha(posicao, r), pedida, pedida, item.produtoId(),
                             item.variacaoId(), item.produtoId(), loja);
        if (linhas.isEmpty()) {
            List<Map<String, Object>> produto = jdbc.queryForList(POR_QUE_NAO, item.produtoId(), loja);
            if (produto.isEmpty()) {
                throw Erro.invalido("Produto " + item.produtoId() + " não encontrado nesta loja");
            }
            Map<String, Object> p = produto.get(0);
            if (!(Boolean) p.get("disponivel")) {
                throw Erro.invalido("Produto " + p.get("nome") + " indisponível");
            }
            if ((Boolean) p.get("tem_variacoes") && item.variacaoId() == null) {
                throw Erro.invalido("Produto " + p.get("nome") + " tem variações: informe variacaoId");
            }
            if (item.variacaoId() != null) {
                throw Erro.invalido("Variação " + item.variacaoId() + " não encontrada ou sem estoque");
            }
            throw Erro.invalido("Estoque insuficiente para " + p.get("nome"));
        }
        return linhas.get(0);
    }

    private Linha linha(int posicao, ResultSet r) throws SQLException {
        Map<String, Object> produto = new LinkedHashMap<>();
        produto.put("id", r.getString("id"));
        produto.put("nome", r.getString("nome"));
        produto.put("sku", r.getString("sku"));
        produto.put("codIntegracao", r.getObject("cod_integracao"));
        produto.put("codigoBarras", r.getString("codigo_barras"));
        produto.put("imagens", json.ler(r.getString("imagens")));
        produto.put("unidade", r.getString("unidade"));
        produto.put("quantidadeEstoque", r.getBigDecimal("quantidade_estoque"));
        Map<String, Object> variacao = null;
        if (r.getString("v_id") != null) {
            variacao = new LinkedHashMap<>();
            variacao.put("id", r.getString("v_id"));
            variacao.put("nome", r.getString("v_nome"));
            variacao.put("valor1", r.getString("v_valor1"));
            variacao.put("valor2", r.getString("v_valor2"));
            variacao.put("sku", r.getString("v_sku"));
            variacao.put("codIntegracao", r.getObject("v_cod_integracao"));
            variacao.put("codigoBarras", r.getString("v_codigo_barras"));
            variacao.put("quantidadeEstoque", r.getBigDecimal("v_estoque"));
        }
        BigDecimal quantidade = r.getBigDecimal("qtd");
        BigDecimal preco = r.getBigDecimal("preco");
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("id", UUID.randomUUID().toString());
        item.put("quantidade", quantidade);
        item.put("precoUnit", preco);
        item.put("produto", produto);
        item.put("variacao", variacao);
        return new Linha(posicao, item, quantidade, preco);
    }

    /** In one transaction, so the count and the page see the same orders. */
    @Transactional
    public Pagina listar(String loja, String status, Instant desde, Instant ate, int pagina, int limite) {
        MapSqlParameterSource filtro = new MapSqlParameterSource("loja", loja).addValue("status", status)
                .addValue("desde", desde == null ? null : Timestamp.from(desde))
                .addValue("ate", ate == null ? null : Timestamp.from(ate))
                .addValue("limite", limite).addValue("deslocamento", (long) (pagina - 1) * limite);
        long total = nomeado.queryForObject("SELECT count(*) FROM convencional.pedido " + FILTRO, filtro, Long.class);
        List<Map<String, Object>> pedidos = nomeado.query("SELECT * FROM convencional.pedido " + FILTRO
                + " ORDER BY criado_em DESC, numero DESC LIMIT :limite OFFSET :deslocamento", filtro,
                (r, n) -> pedido(r));
        if (pedidos.isEmpty()) {
            return new Pagina(total, pedidos);
        }
        Map<String, Map<String, Object>> porId = new HashMap<>();
        pedidos.forEach(p -> porId.put((String) p.get("id"), p));
        MapSqlParameterSource ids = new MapSqlParameterSource("ids", porId.keySet());
        nomeado.query("SELECT * FROM convencional.pedido_item WHERE pedido_id IN (:ids) ORDER BY pedido_id, linha",
                ids, r -> {
                    Map<String, Object> item = new LinkedHashMap<>();
                    item.put("id", r.getString("id"));
                    item.put("quantidade", r.getBigDecimal("quantidade"));
                    item.put("precoUnit", r.getBigDecimal("preco_unit"));
                    item.put("produto", json.ler(r.getString("produto")));
                    item.put("variacao", json.ler(r.getString("variacao")));
                    item.put("observacao", r.getString("observacao"));
                    item.put("opcoes", json.ler(r.getString("opcoes")));
                    lista(porId.get(r.getString("pedido_id")), "itens").add(item);
                });
        nomeado.query("SELECT pedido_id, resumo FROM convencional.nota_fiscal WHERE pedido_id IN (:ids)", ids,
                r -> { lista(porId.get(r.getString(1)), "notasFiscais").add(json.ler(r.getString(2))); });
        nomeado.query("SELECT pedido_id, resumo FROM convencional.etiqueta WHERE pedido_id IN (:ids)", ids,
                r -> { lista(porId.get(r.getString(1)), "etiquetasEnvio").add(json.ler(r.getString(2))); });
        return new Pagina(total, pedidos);
    }

    @SuppressWarnings("unchecked")
    private static List<Object> lista(Map<String, Object> pedido, String campo) {
        return (List<Object>) pedido.get(campo);
    }

    private Map<String, Object> pedido(ResultSet r) throws SQLException {
        CorpoDePedido.Cliente cliente = new CorpoDePedido.Cliente(r.getString("cliente_nome"), null,
                r.getString("cliente_celular"), r.getString("cliente_email"), r.getString("cliente_documento"),
                r.getString("cliente_endereco"), r.getString("cliente_numero"), r.getString("cliente_complemento"),
                r.getString("cliente_bairro"), r.getString("cliente_cidade"), r.getString("cliente_uf"),
                r.getString("cliente_cep"), r.getString("cliente_referencia"));
        Map<String, Object> pedido = pedido(r.getString("id"), r.getLong("numero"), r.getString("status"),
                r.getString("tipo_entrega"), r.getBigDecimal("subtotal"), r.getBigDecimal("desconto"),
                r.getBigDecimal("taxa_entrega"), r.getBigDecimal("ajuste_pagamento"), r.getBigDecimal("total"),
                r.getString("observacoes"), r.getString("motivo_cancelamento"), r.getString("tempo_entrega"),
                r.getString("codigo_rastreio"), r.getString("url_rastreio"), r.getString("pagamento_status"),
                cliente, new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
                r.getTimestamp("criado_em").toInstant(), r.getTimestamp("atualizado_em").toInstant(),
                r.getLong("versao"));
        pedido.put("pagamentos", json.ler(r.getString("pagamentos")));
        return pedido;
    }

    /** The service's {@code Pedido}, field by field. */
    private static Map<String, Object> pedido(String id, long numero, String status, String tipo, BigDecimal subtotal,
                                              BigDecimal desconto, BigDecimal taxa, BigDecimal ajuste,
                                              BigDecimal total, String observacoes, String motivo, String tempo,
                                              String codigoRastreio, String urlRastreio, String pagamentoStatus,
                                              CorpoDePedido.Cliente c, List<?> itens, List<?> notas,
                                              List<?> etiquetas, Instant criadoEm, Instant atualizadoEm,
                                              long versao) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("id", id);
        p.put("numero", numero);
        p.put("status", status);
        p.put("tipoEntrega", tipo);
        p.put("subtotal", subtotal);
        p.put("desconto", desconto);
        p.put("taxaEntrega", taxa);
        p.put("ajustePagamento", ajuste);
        p.put("total", total);
        p.put("observacoes", observacoes);
        p.put("motivoCancelamento", motivo);
        p.put("tempoEntrega", tempo);
        p.put("codigoRastreio", codigoRastreio);
        p.put("urlRastreio", urlRastreio);
        p.put("pagamentoStatus", pagamentoStatus);
        p.put("pagamentos", List.of());
        p.put("clienteNome", c.nome());
        p.put("clienteCelular", c.celular());
        p.put("clienteEmail", c.email());
        p.put("clienteDocumento", c.documento());
        p.put("clienteEndereco", c.endereco());
        p.put("clienteBairro", c.bairro());
        p.put("clienteCidade", c.cidade());
        p.put("clienteUf", c.uf());
        p.put("clienteCep", c.cep());
        p.put("clienteNumero", c.numero());
        p.put("clienteComplemento", c.complemento());
        p.put("clienteReferencia", c.referencia());
        p.put("cliente", null);
        p.put("itens", itens);
        p.put("notasFiscais", notas);
        p.put("etiquetasEnvio", etiquetas);
        p.put("criadoEm", criadoEm);
        p.put("atualizadoEm", atualizadoEm);
        p.put("versao", versao);
        return p;
    }
}
