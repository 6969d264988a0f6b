package convencional;

import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.List;

/** The body of {@code POST /v1/pedidos}, as the service's {@code NovoPedido}. Prices sent are ignored. */
record CorpoDePedido(String tipoEntrega, Cliente cliente, List<Item> itens, BigDecimal taxaEntrega,
                     BigDecimal desconto, String observacoes) {

    record Cliente(String nome, String id, String celular, String email, String documento, String endereco,
                   String numero, String complemento, String bairro, String cidade, String uf, String cep,
                   String referencia) {
    }

    record Item(String produtoId, BigDecimal quantidade, String variacaoId, String observacao, JsonNode opcoes) {
    }
}
