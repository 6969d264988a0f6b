package br.com.lojaapi.command.pedido.aplicacao;

import br.com.lojaapi.command.comum.Travas;
import br.com.lojaapi.command.produto.EstoqueDosProdutos;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;

/**
 * The steps the use cases of an existing order share, inside their one database transaction (the commands run
 * in-thread in it, so any refusal rolls everything back; a concurrency conflict must retry the whole call): the
 * order's lock and its command, then each product concerned, in product id order, under its stock lock.
 * <p>
 * The order's lock serialises, on every node and until the transaction ends, the status changes and edits of one
 * order, so neither decides on lines or a status the other is about to change. It is taken before any product's
 * stock lock, and those in id order, in every path, so no two such transactions wait for each other.
 */
@Component
class PassosDoPedido {

    /** What one product's step sends for its part of the order. */
    interface ComandoDoProduto<T> {

        /**
         * The product's command, or null to leave the product out. {@code existe}: the product is still one of the
         * store's, which is reliable now that its stock lock is held.
         */
        Object para(String produtoId, T parte, boolean existe);
    }

    private final CommandGateway comandos;
    private final EstoqueDosProdutos estoque;
    private final JdbcTemplate jdbc;

    PassosDoPedido(CommandGateway comandos, EstoqueDosProdutos estoque, JdbcTemplate jdbc) {
        this.comandos = comandos;
        this.estoque = estoque;
        this.jdbc = jdbc;
    }

    /** The order's command, under the order's lock. */
    <R> R noPedido(String pedidoId, Object comando) {
        Travas.exclusiva(jdbc, "pedido:" + pedidoId);
        return comandos.sendAndWait(comando);
    }

    /** A further command of the order, its lock already held. */
    <R> R enviar(Object comando) {
        return comandos.sendAndWait(comando);
    }

    /**
     * Each product's part, in product id order after taking all their stock locks: the command {@code comando} gives
     * for it, sent. The results by product, in that order.
     */
    <T, R> Map<String, R> nosProdutos(String lojaId, SortedMap<String, T> partes, ComandoDoProduto<T> comando) {
        estoque.travar(partes.keySet());
        Map<String, R> resultados = new LinkedHashMap<>();
        partes.forEach((produtoId, parte) -> {
            Object doProduto = comando.para(produtoId, parte, estoque.existe(lojaId, produtoId));
            if (doProduto != null) {
                resultados.put(produtoId, comandos.sendAndWait(doProduto));
            }
        });
        return resultados;
    }
}
