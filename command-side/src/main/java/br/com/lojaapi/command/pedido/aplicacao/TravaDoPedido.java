package br.com.lojaapi.command.pedido.aplicacao;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The lock of one order's status and lines, on every node, until the transaction ends: a status change and an edit
 * of one order queue, so neither decides on lines or a status the other is about to change. Taken before any
 * product's stock lock, in every path, so no two such transactions wait for each other.
 */
@Component
class TravaDoPedido {

    private final JdbcTemplate jdbc;

    TravaDoPedido(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    void travar(String pedidoId) {
        jdbc.queryForList("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", "pedido:" + pedidoId);
    }
}
