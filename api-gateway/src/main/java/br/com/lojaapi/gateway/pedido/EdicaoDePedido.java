package br.com.lojaapi.gateway.pedido;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/**
 * PUT /admin/lojas/{id}/pedidos/{pedidoId}. Fields absent keep their value; {@code itens}, when sent, is the whole
 * new list of lines. Classes with Optional fields, not records, for the reason {@link AlteracaoDePedido} gives.
 */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
class EdicaoDePedido {

    Optional<List<Item>> itens;
    Optional<BigDecimal> desconto;
    Optional<BigDecimal> taxaEntrega;
    Optional<String> editadoPor;

    /**
     * A line in the shape POST /pedidos takes, plus {@code id} (a line of the order to keep) and {@code precoUnit}
     * (the operator's price). {@code observacao} and {@code opcoes} absent keep a kept line's own; null clears them.
     */
    @JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
    static class Item {
        String id;
        String produtoId;
        String variacaoId;
        BigDecimal quantidade;
        BigDecimal precoUnit;
        Optional<String> observacao;
        JsonNode opcoes;
    }
}
