package br.com.lojaapi.command.produto;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;

import java.util.Collection;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The stock locks, kept with the command side's index of products ({@link ProdutoLookup}). Every transaction that
 * changes stock (orders, cancellations, movements) and product removal take the lock of each product involved, in id
 * order, before loading the product: concurrent orders for one product, on any node, queue instead of colliding on
 * the event table and retrying, and no two of them can both see the same last unit. Id order means no two such
 * transactions can wait for each other.
 */
public interface EstoqueDosProdutos {

    /**
     * Runs {@code transacao}, which will take these products' locks, once this node's earlier requests for any of
     * them are done: they queue before their transaction, not with a pooled connection each
     * ({@link br.com.lojaapi.command.comum.TravasDoNo}).
     */
    <T> T naVez(Collection<String> produtoIds, Supplier<T> transacao);

    /** Held until the surrounding transaction ends; one statement for all of them. */
    void travar(Collection<String> produtoIds);

    /** Whether the product is one of the store's and not removed; reliable once its lock is held. */
    boolean existe(String lojaId, String produtoId);

    /** Which of the products are the store's and not removed, in one query; reliable once their locks are held. */
    Set<String> existentes(String lojaId, Collection<String> produtoIds);

    /** The refusal of an order line whose product is not one of the store's live products. */
    static ErroDeNegocio naoEncontrado(int indice, String produtoId) {
        return ErroDeNegocio.invalido("itens[" + indice + "]: produto não encontrado nesta loja: " + produtoId);
    }
}
