package br.com.lojaapi.command.produto;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.Collection;
import java.util.List;
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

    /** Held until the surrounding transaction ends. */
    public void travar(Collection<String> produtoIds) {
        for (String id : new TreeSet<>(produtoIds)) {
            jdbc.queryForList("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", TRAVA + id);
        }
    }

    /** Whether the product is one of the store's and not removed; reliable once its lock is held. */
    public boolean existe(String lojaId, String produtoId) {
        List<Integer> linhas = jdbc.queryForList("SELECT 1 FROM produto_lookup WHERE produto_id = ? AND loja_id = ?",
                Integer.class, produtoId, lojaId);
        return !linhas.isEmpty();
    }
}
