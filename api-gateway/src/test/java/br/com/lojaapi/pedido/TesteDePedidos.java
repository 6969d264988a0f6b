package br.com.lojaapi.pedido;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.BeforeEach;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Orders need products: helpers to create them and read their stock as a client would. Every test starts in a
 * store of its own, {@link #loja}.
 */
abstract class TesteDePedidos extends TesteDeApi {

    protected LojaDeTeste loja;

    @BeforeEach
    void novaLojaDoTeste() {
        loja = novaLoja();
    }

    /** A product that controls stock, created with the given JSON fields added to nome and preco. */
    protected String produto(LojaDeTeste loja, String nome, String preco, String extras) {
        return produto(api, loja, nome, preco, extras);
    }

    static String produto(ClienteHttp cliente, LojaDeTeste loja, String nome, String preco, String extras) {
        String corpo = "{\"nome\":\"" + nome + "\",\"preco\":" + preco + (extras.isEmpty() ? "" : "," + extras) + "}";
        Resposta criado = cliente.post("/v1/produtos").token(loja.token()).json(corpo).enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return criado.texto("id");
    }

    protected String produtoComEstoque(LojaDeTeste loja, String nome, String preco, String estoque) {
        return produto(loja, nome, preco, "\"controlaEstoque\":true,\"quantidadeEstoque\":" + estoque);
    }

    protected BigDecimal estoque(LojaDeTeste loja, String produtoId) {
        Resposta produto = api.get("/v1/produtos/" + produtoId).token(loja.token()).enviar();
        assertThat(produto.status()).as(produto.toString()).isEqualTo(200);
        return produto.json().get("quantidadeEstoque").decimalValue();
    }

    /** The stock of each product, in order, written plainly ("10", not "10.000"), to check several at once. */
    protected List<String> estoques(LojaDeTeste loja, String... produtoIds) {
        return Arrays.stream(produtoIds).map(id -> estoque(loja, id).stripTrailingZeros().toPlainString()).toList();
    }

    protected Resposta pedido(LojaDeTeste loja, String json) {
        return api.post("/v1/pedidos").token(loja.token()).json(json).enviar();
    }

    /** A BALCAO order of the given items (JSON array text). */
    protected Resposta pedidoBalcao(LojaDeTeste loja, String itens) {
        return pedido(loja, "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":" + itens + "}");
    }

    protected static String item(String produtoId, String quantidade) {
        return "{\"produtoId\":\"" + produtoId + "\",\"quantidade\":" + quantidade + "}";
    }

    protected Resposta patch(LojaDeTeste loja, String pedidoId, String json) {
        return api.metodo("PATCH", "/v1/pedidos/" + pedidoId).token(loja.token()).json(json).enviar();
    }
}
