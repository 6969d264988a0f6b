package br.com.lojaapi.command.pedido;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The per-store order number: a counter row per store, incremented in the order's transaction. A rolled-back order
 * leaves the counter as it was (its number was never seen); a committed one, even deleted later, keeps its number
 * for good. The row lock queues concurrent orders of one store only for the rest of their (short) transaction.
 */
@Component
public class NumerosDePedido {

    private final JdbcTemplate jdbc;

    NumerosDePedido(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public long proximo(String lojaId) {
        Long numero = jdbc.queryForObject("""
                INSERT INTO pedido_numero (loja_id, ultimo) VALUES (?, 1)
                ON CONFLICT (loja_id) DO UPDATE SET ultimo = pedido_numero.ultimo + 1
                RETURNING ultimo""", Long.class, lojaId);
        return numero;
    }
}
