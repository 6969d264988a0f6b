package br.com.lojaapi.command.produto;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.PreparedStatement;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The stock locks. Every transaction that changes stock (orders, cancellations, movements) and product removal
 * take the lock of each product involved, in id order, before loading the product: concurrent orders for one
 * product, on any node, queue instead of colliding on the event table and retrying, and no two of them can both
 * see the same last unit. Id order means no two such transactions can wait for each other.
 */
@Component
public class EstoqueDosProdutos {

    private static final String TRAVA = "produto-estoque:";

    private final JdbcTemplate jdbc;

    EstoqueDosProdutos(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Held until the surrounding transaction ends. One statement for all of them: PostgreSQL evaluates the lock
     * function row by row after the sort, so the locks are taken in the ids' order.
     */
    public void travar(Collection<String> produtoIds) {
        List<String> chaves = new TreeSet<>(produtoIds).stream().map(id -> TRAVA + id).toList();
        if (chaves.isEmpty()) {
            return;
        }
        jdbc.query(conexao -> {
            PreparedStatement consulta = conexao.prepareStatement("""
                    SELECT pg_advisory_xact_lock(hashtextextended(t.chave, 0))
                      FROM unnest(?::text[]) WITH ORDINALITY AS t (chave, ordem) ORDER BY t.ordem""");
            consulta.setArray(1, conexao.createArrayOf("text", chaves.toArray()));
            return consulta;
        }, linha -> {
        });
    }

    /** Whether the product is one of the store's and not removed; reliable once its lock is held. */
    public boolean existe(String lojaId, String produtoId) {
        return existentes(lojaId, List.of(produtoId)).contains(produtoId);
    }

    /** Which of the products are the store's and not removed, in one query; reliable once their locks are held. */
    public Set<String> existentes(String lojaId, Collection<String> produtoIds) {
        Set<String> existentes = new HashSet<>();
        jdbc.query(conexao -> {
            PreparedStatement consulta = conexao.prepareStatement(
                    "SELECT produto_id FROM produto_lookup WHERE loja_id = ? AND produto_id = ANY (?)");
            consulta.setString(1, lojaId);
            consulta.setArray(2, conexao.createArrayOf("varchar", produtoIds.toArray()));
            return consulta;
        }, linha -> {
            existentes.add(linha.getString(1));
        });
        return existentes;
    }
}
