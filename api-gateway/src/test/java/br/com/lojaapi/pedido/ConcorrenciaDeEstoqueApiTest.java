package br.com.lojaapi.pedido;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.EmParalelo;
import br.com.lojaapi.apoio.OutroNo;
import br.com.lojaapi.apoio.Resposta;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Stock is never oversold: orders at the same moment, on one node and on two nodes sharing the database. */
class ConcorrenciaDeEstoqueApiTest extends TesteDePedidos {

    private static final int PEDIDOS = 50;

    @Test
    void cinquentaPedidosParaVinteUnidadesNumNo() throws Exception {
        LojaDeTeste loja = novaLoja();
        String produto = produtoComEstoque(loja, "Disputado", "10", "20");

        List<Resposta> respostas = EmParalelo.executar(PEDIDOS, i -> pedidoBalcao(loja, "[" + item(produto, "1") + "]"));

        conferir(loja, produto, respostas);
    }

    @Test
    void cinquentaPedidosParaVinteUnidadesEmDoisNos() throws Exception {
        LojaDeTeste loja = novaLoja();
        String produto = produtoComEstoque(loja, "Disputado", "10", "20");
        String outro = produtoComEstoque(loja, "Acompanhamento", "1", "1000");
        try (OutroNo no = OutroNo.iniciar(Map.of("loja.limite.por-minuto", 1_000_000,
                "loja.limite.escritas-por-minuto", 1_000_000))) {
            ClienteHttp segundo = no.cliente();
            // two products per order, in both orders, so the per-product locks are taken across nodes
            List<Resposta> respostas = EmParalelo.executar(PEDIDOS, i -> {
                String itens = i % 2 == 0 ? "[" + item(produto, "1") + "," + item(outro, "1") + "]"
                        : "[" + item(outro, "1") + "," + item(produto, "1") + "]";
                String corpo = "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":" + itens + "}";
                return (i % 2 == 0 ? api : segundo).post("/v1/pedidos").token(loja.token()).json(corpo).enviar();
            });
            conferir(loja, produto, respostas);
            assertThat(estoque(loja, outro)).isEqualByComparingTo("980");
        }
    }

    private void conferir(LojaDeTeste loja, String produto, List<Resposta> respostas) {
        long criados = respostas.stream().filter(r -> r.status() == 201).count();
        List<Resposta> outras = respostas.stream().filter(r -> r.status() != 201).toList();
        assertThat(criados).isEqualTo(20);
        assertThat(outras).allSatisfy(r -> {
            assertThat(r.status()).as(r.toString()).isEqualTo(400);
            assertThat(r.texto("erro")).contains("estoque insuficiente");
        });
        assertThat(estoque(loja, produto)).isEqualByComparingTo("0");
        var lista = api.get("/v1/pedidos?limite=100").token(loja.token()).enviar().json();
        assertThat(lista.get("paginacao").get("total").asLong()).isEqualTo(20);
        assertThat(lista.get("pedidos").findValuesAsText("numero")).doesNotHaveDuplicates();
    }
}
