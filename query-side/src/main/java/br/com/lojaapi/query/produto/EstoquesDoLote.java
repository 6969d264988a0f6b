package br.com.lojaapi.query.produto;

import br.com.lojaapi.coreapi.produto.BaixaDeEstoque;
import br.com.lojaapi.coreapi.produto.EstoqueBaixoEvent;
import br.com.lojaapi.coreapi.produto.EstoqueDevolvidoPorPedidoEvent;
import br.com.lojaapi.coreapi.produto.EstoqueMovimentadoEvent;
import br.com.lojaapi.coreapi.produto.EstoqueTomadoPorPedidoEvent;
import br.com.lojaapi.query.comum.LoteDoProcessador;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The stock changes of a processor's batch, written with one statement when the batch commits, for the products
 * whose every event in the batch is a stock event (an order's, a movement's, a low-stock alert). Every order changes
 * the stock of each product it sells: row by row, through the product's entity, that was one UPDATE per product
 * per order.
 * <p>
 * What is written is what the events leave, as the entity would: a product's stock, time, version and global index
 * from its last event in the batch, and each variation's stock from the last event that changed it. A stock
 * value is absolute (the stock after the change), so the last one is the state. The guard is the entity's: the
 * product row moves only to a newer version, and a variation takes a value only from an event newer than the
 * product row was, so a replay or a batch handled twice leaves the same rows. A product with any other event in
 * the batch (created, updated, a variation added...) keeps the entity path for all its events, in order.
 */
@Component
class EstoquesDoLote {

    private static final String SO_ESTOQUE = EstoquesDoLote.class.getName() + ".soEstoque";
    private static final String PENDENTES = EstoquesDoLote.class.getName() + ".pendentes";
    private static final Set<Class<?>> EVENTOS_DE_ESTOQUE = Set.of(EstoqueMovimentadoEvent.class,
            EstoqueTomadoPorPedidoEvent.class, EstoqueDevolvidoPorPedidoEvent.class, EstoqueBaixoEvent.class);

    private final JdbcTemplate jdbc;

    EstoquesDoLote(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Whether this product's events in the current batch are all stock events (never outside a batch). */
    boolean soEstoque(String produtoId) {
        return LoteDoProcessador.umaVez(SO_ESTOQUE, EstoquesDoLote::soDeEstoque).contains(produtoId);
    }

    private static Set<String> soDeEstoque(List<DomainEventMessage<?>> eventos) {
        Set<String> outros = new HashSet<>();
        Set<String> estoque = new HashSet<>();
        for (DomainEventMessage<?> evento : eventos) {
            (EVENTOS_DE_ESTOQUE.contains(evento.getPayloadType()) ? estoque : outros)
                    .add(evento.getAggregateIdentifier());
        }
        estoque.removeAll(outros);
        return estoque;
    }

    /**
     * Records the state an event of {@code versao} leaves, to be written when the batch commits; {@code estoque} and
     * {@code quando} are null for an event that only moves the version.
     */
    void anotar(String produtoId, List<BaixaDeEstoque> mudancas, BigDecimal estoque, Instant quando, long versao,
                long indice) {
        Map<String, Produto> pendentes = CurrentUnitOfWork.get().getOrComputeResource(PENDENTES, chave -> {
            Map<String, Produto> novos = new LinkedHashMap<>();
            CurrentUnitOfWork.get().onPrepareCommit(unidade -> gravar(novos));
            return novos;
        });
        Produto produto = pendentes.computeIfAbsent(produtoId, id -> new Produto());
        if (estoque != null) {
            produto.estoque = estoque;
            produto.quando = quando;
        }
        produto.versao = versao;
        produto.indice = indice;
        for (BaixaDeEstoque mudanca : mudancas) {
            if (mudanca.variacaoId() != null) {
                produto.variacoes.put(mudanca.variacaoId(), new Variacao(mudanca.quantidadeAtual(), versao));
            }
        }
    }

    private static final class Produto {
        private BigDecimal estoque;
        private Instant quando;
        private long versao;
        private long indice;
        private final Map<String, Variacao> variacoes = new HashMap<>();
    }

    private record Variacao(BigDecimal quantidade, long versao) {
    }

    private void gravar(Map<String, Produto> pendentes) {
        if (pendentes.isEmpty()) {
            return;
        }
        List<Object> ids = new ArrayList<>();
        List<Object> estoques = new ArrayList<>();
        List<Object> quandos = new ArrayList<>();
        List<Object> versoes = new ArrayList<>();
        List<Object> indices = new ArrayList<>();
        List<Object> variacaoProdutos = new ArrayList<>();
        List<Object> variacaoIds = new ArrayList<>();
        List<Object> quantidades = new ArrayList<>();
        List<Object> variacaoVersoes = new ArrayList<>();
        pendentes.forEach((id, produto) -> {
            ids.add(id);
            estoques.add(produto.estoque);
            quandos.add(produto.quando == null ? null : Timestamp.from(produto.quando));
            versoes.add(produto.versao);
            indices.add(produto.indice);
            produto.variacoes.forEach((variacaoId, variacao) -> {
                variacaoProdutos.add(id);
                variacaoIds.add(variacaoId);
                quantidades.add(variacao.quantidade());
                variacaoVersoes.add(variacao.versao());
            });
        });
        jdbc.update(conexao -> {
            PreparedStatement comando = conexao.prepareStatement("""
                    WITH novos AS (
                        SELECT * FROM unnest(?::varchar[], ?::numeric[], ?::timestamptz[], ?::bigint[], ?::bigint[])
                                   AS n (id, estoque, quando, versao, indice)),
                    antes AS (SELECT p.id, p.versao FROM produto_view p JOIN novos n ON n.id = p.id),
                    variacoes AS (
                        UPDATE variacao_view v SET quantidade_estoque = w.quantidade
                          FROM unnest(?::varchar[], ?::varchar[], ?::numeric[], ?::bigint[])
                                   AS w (produto_id, id, quantidade, versao)
                          JOIN antes a ON a.id = w.produto_id
                         WHERE v.id = w.id AND w.versao > a.versao)
                    UPDATE produto_view p
                       SET quantidade_estoque = COALESCE(n.estoque, p.quantidade_estoque),
                           atualizado_em = COALESCE(n.quando, p.atualizado_em),
                           versao = n.versao, global_index = n.indice
                      FROM novos n
                     WHERE p.id = n.id AND p.versao < n.versao""");
            int i = 1;
            comando.setArray(i++, vetor(conexao, "varchar", ids));
            comando.setArray(i++, vetor(conexao, "numeric", estoques));
            comando.setArray(i++, vetor(conexao, "timestamptz", quandos));
            comando.setArray(i++, vetor(conexao, "bigint", versoes));
            comando.setArray(i++, vetor(conexao, "bigint", indices));
            comando.setArray(i++, vetor(conexao, "varchar", variacaoProdutos));
            comando.setArray(i++, vetor(conexao, "varchar", variacaoIds));
            comando.setArray(i++, vetor(conexao, "numeric", quantidades));
            comando.setArray(i, vetor(conexao, "bigint", variacaoVersoes));
            return comando;
        });
    }

    private static java.sql.Array vetor(Connection conexao, String tipo, List<Object> valores) throws SQLException {
        return conexao.createArrayOf(tipo, valores.toArray());
    }
}
