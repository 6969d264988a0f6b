package br.com.lojaapi.gateway.pedido;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.gateway.web.Ids;
import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;

/** What every order line of a body must be, in POST /pedidos and in the operator's edit alike. */
final class LinhasDoCorpo {

    private LinhasDoCorpo() {
    }

    /** An object naming a product that can be one of ours and a quantity; the rest is the products' to check. */
    static void conferir(String prefixo, Object item, String produtoId, BigDecimal quantidade) {
        if (item == null) {
            throw ErroDeNegocio.invalido(prefixo + " deve ser um objeto");
        }
        if (produtoId == null) {
            throw ErroDeNegocio.invalido(prefixo + ".produtoId é obrigatório");
        }
        if (!Ids.valido(produtoId)) {
            throw ErroDeNegocio.invalido(prefixo + ": produto não encontrado nesta loja: " + produtoId);
        }
        if (quantidade == null) {
            throw ErroDeNegocio.invalido(prefixo + ".quantidade é obrigatória");
        }
    }

    /** {@code opcoes} as the JSON text kept with the line, or null. */
    static String opcoes(JsonNode opcoes) {
        return opcoes == null || opcoes.isNull() ? null : opcoes.toString();
    }
}
